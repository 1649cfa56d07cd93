import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { routesOf } from '@marketplace/shared';
import App from './App';

createRoot(document.getElementById('root')!).render(
  <BrowserRouter>
    <Routes>
      {routesOf('shop').map((r) => (
        <Route key={r.path} path={r.path} element={<App />} />
      ))}
    </Routes>
  </BrowserRouter>,
);
