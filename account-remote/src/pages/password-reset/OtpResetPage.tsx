import { useRef, useState, type ClipboardEvent, type FormEvent, type KeyboardEvent, type ReactElement } from 'react';
import { Link, useNavigate } from '@marketplace/shared/router';
import {
  errorMessage,
  hasStatus,
  notify,
  SubmitButton,
  usePageMeta,
  useSession,
  verifyResetOtp,
  type Toast,
  linkTo,
} from '@marketplace/shared';
import { AuthCard } from '../../components/AuthCard';
import { getCookie, setCookie } from '../../lib/cookies';
import {
  RESET_EMAIL_COOKIE,
  RESET_TOKEN_COOKIE,
  RESET_TOKEN_COOKIE_MS,
  RESET_TOKEN_KEY,
} from '../../lib/passwordFlows';
import styles from '../../styles/forms.module.css';

export const OTP_LENGTH = 6;
const EMPTY_CODE = Array<string>(OTP_LENGTH).fill('');

/** /otpresetpass: six single-character boxes and 'Validate' (spec sections 2, 4). */
export function OtpResetPage(): ReactElement {
  usePageMeta({ title: 'Enter Verification Code' });
  const navigate = useNavigate();
  const [chars, setChars] = useState<string[]>(EMPTY_CODE);
  const [busy, setBusy] = useState(false);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const [sentTo] = useState(() => getCookie(RESET_EMAIL_COOKIE));

  const focusBox = (i: number) => boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, i))]?.focus();

  /** Writes `text` into the boxes from `start` on; returns the index after the last written box. */
  function fill(start: number, text: string): number {
    const incoming = [...text].slice(0, OTP_LENGTH - start);
    setChars((prev) => {
      const next = [...prev];
      incoming.forEach((c, k) => (next[start + k] = c));
      return next;
    });
    return start + incoming.length;
  }

  function onChange(i: number, value: string) {
    const text = value.replace(/\s/g, '');
    if (!text) {
      setChars((prev) => prev.map((c, k) => (k === i ? '' : c)));
      return;
    }
    if (text.length >= OTP_LENGTH) {
      // A whole code arrived at once (autofill): it fills every box.
      focusBox(fill(0, text) - 1);
      return;
    }
    // A typed character replaces the box's content; the newest character wins.
    const end = fill(i, text.slice(-1));
    if (end < OTP_LENGTH) focusBox(end);
  }

  function onKeyDown(i: number, e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Backspace') {
      e.preventDefault();
      const target = chars[i] ? i : i - 1;
      if (target >= 0) setChars((prev) => prev.map((c, k) => (k === target ? '' : c)));
      if (i > 0) focusBox(i - 1);
    } else if (e.key === 'ArrowLeft' && i > 0) {
      e.preventDefault();
      focusBox(i - 1);
    } else if (e.key === 'ArrowRight' && i < OTP_LENGTH - 1) {
      e.preventDefault();
      focusBox(i + 1);
    }
  }

  function onPaste(i: number, e: ClipboardEvent<HTMLInputElement>) {
    const text = e.clipboardData.getData('text').replace(/\s/g, '');
    if (!text) return;
    e.preventDefault();
    // A whole code fills all six boxes whichever box it is pasted into; a shorter piece fills from here.
    const end = text.length >= OTP_LENGTH ? fill(0, text) : fill(i, text);
    focusBox(Math.min(end, OTP_LENGTH - 1));
  }

  function giveUp(toast: Toast) {
    useSession.getState().clearAll();
    notify(toast);
    navigate(linkTo('login'));
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy || chars.some((c) => !c)) return;
    const email = getCookie(RESET_EMAIL_COOKIE);
    const resetToken = sessionStorage.getItem(RESET_TOKEN_KEY);
    if (!email || !resetToken) {
      giveUp({ text: 'Otp Expire Try Again', kind: 'warning' });
      return;
    }
    setBusy(true);
    let ok: boolean;
    try {
      ok = await verifyResetOtp(chars.join(''), email, resetToken);
    } catch (err) {
      setBusy(false);
      // Server not reached: keep the code so the user can try again. Anything else ends the attempt.
      if (hasStatus(err, 0)) notify({ text: errorMessage(err), kind: 'error' });
      else giveUp({ text: errorMessage(err), kind: 'error' });
      return;
    }
    if (ok) {
      setCookie(RESET_TOKEN_COOKIE, resetToken, { maxAgeMs: RESET_TOKEN_COOKIE_MS });
      useSession.getState().clearAll();
      navigate(linkTo('newPassword'));
    } else {
      giveUp({ text: 'Wrong OTP', kind: 'error' });
    }
  }

  const complete = chars.every(Boolean);
  return (
    <AuthCard
      id="otp"
      title="Enter Verification Code"
      lead={
        <>
          {sentTo ? (
            <>
              If <strong>{sentTo}</strong> is registered, a 6-character code is on its way there.
            </>
          ) : (
            <>Type the 6-character code from the email we sent you.</>
          )}{' '}
          You can paste the whole code into any box.
        </>
      }
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <fieldset className={styles.otp} disabled={busy}>
          <legend className={styles.otpLegend}>Verification code</legend>
          <div className={styles.otpBoxes}>
            {chars.map((c, i) => (
              <input
                key={i}
                ref={(el) => {
                  boxes.current[i] = el;
                }}
                className={styles.otpBox}
                aria-label={`Character ${i + 1} of ${OTP_LENGTH}`}
                value={c}
                autoComplete={i === 0 ? 'one-time-code' : 'off'}
                autoFocus={i === 0}
                spellCheck={false}
                onChange={(e) => onChange(i, e.target.value)}
                onKeyDown={(e) => onKeyDown(i, e)}
                onPaste={(e) => onPaste(i, e)}
                onFocus={(e) => e.target.select()}
              />
            ))}
          </div>
        </fieldset>
        <SubmitButton
          className={`${styles.button} ${styles.block}`}
          busy={busy}
          busyLabel="Checking the code"
          disabled={!complete}
        >
          Validate
        </SubmitButton>
      </form>
      <p className={styles.footer}>
        No email?{' '}
        <Link className={styles.link} to={linkTo('forgetPassword')}>
          Request a new code
        </Link>
      </p>
    </AuthCard>
  );
}
