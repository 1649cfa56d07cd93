import { useState, type ComponentType, type FormEvent, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes, useNavigate } from '../router';
import { ToastContainer } from 'react-toastify';
import { login, logout } from '../api/account';
import { ApiError } from '../api/http';
import { linkTo } from '../links';
import type { AreaName } from '../routes';
import { useSession } from '../session/sessionStore';
import { TOAST_OPTIONS } from '../toast/toast';
import { loadRuntimeConfig } from './runtimeConfig';
import styles from './standalone.module.css';

/**
 * The frame's own sign-in, at /login when the remote does not serve /login itself (the account
 * remote does): the remote's signed-in pages send a visitor there, as they do in the shell.
 */
function FrameSignIn(): ReactElement {
  const navigate = useNavigate();
  const signIn = useSession((s) => s.signIn);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      signIn(await login(email, password));
      // Back to the page that asked for a sign-in, as the account remote does in the shell.
      if (window.history.length > 1) navigate(-1);
      else navigate(linkTo('home'));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Could not sign in. Is the API running?');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={styles.signIn} onSubmit={submit} aria-labelledby="frame-sign-in">
      <h1 id="frame-sign-in">Sign in to try the signed-in pages</h1>
      <label>
        Email
        <input type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required />
      </label>
      <label>
        Password
        <input
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
      </label>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
      <p className={styles.hint}>Demo accounts are listed in api/README.md.</p>
    </form>
  );
}

function SessionBox(): ReactElement {
  const session = useSession((s) => s.session);
  const signOut = useSession((s) => s.signOut);
  if (!session) return <Link to={linkTo('login')}>Sign in</Link>;
  const leave = async () => {
    await logout().catch(() => undefined);
    signOut();
  };
  return (
    <span className={styles.session}>
      Signed in as {session.firstname}{' '}
      <button type="button" onClick={leave}>
        Sign out
      </button>
    </span>
  );
}

function StandaloneFrame({
  area,
  routes,
  App,
}: {
  area: AreaName;
  routes: readonly string[];
  App: ComponentType;
}): ReactElement {
  const links = routes.filter((path) => !path.includes(':'));
  return (
    <BrowserRouter>
      <header className={styles.bar}>
        <strong>{area} remote · standalone</strong>
        <nav aria-label={`${area} pages`}>
          {links.map((path) => (
            <Link key={path} to={path}>
              {path}
            </Link>
          ))}
        </nav>
        <SessionBox />
      </header>
      <main className={styles.main}>
        <Routes>
          {routes.map((path) => (
            <Route key={path} path={path} caseSensitive element={<App />} />
          ))}
          {!routes.includes(linkTo('login')) && <Route path={linkTo('login')} element={<FrameSignIn />} />}
          <Route path="*" element={<App />} />
        </Routes>
      </main>
      <ToastContainer position={TOAST_OPTIONS.position} autoClose={TOAST_OPTIONS.autoClose} />
    </BrowserRouter>
  );
}

/**
 * Runs a remote on its own (npm run dev -w <remote>, or its release's own page): its pages inside
 * a minimal frame, without the shell, with a sign-in of its own, so a team can work on one area alone.
 */
export async function mountStandalone(area: AreaName, routes: readonly string[], App: ComponentType): Promise<void> {
  await loadRuntimeConfig();
  createRoot(document.getElementById('root')!).render(<StandaloneFrame area={area} routes={routes} App={App} />);
}
