/**
 * The parts of React Router the front ends use, from this one module. It is shared as a
 * singleton (webpack.common.js), so the shell and every remote use one router context; React
 * Router itself is not shared, so only these parts of it reach the page (module federation
 * bundles a shared library whole; here webpack can drop the rest).
 */
export {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Route,
  Routes,
  StaticRouter,
  matchPath,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
