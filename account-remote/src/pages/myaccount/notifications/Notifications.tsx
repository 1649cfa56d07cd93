import { useState, type ReactElement } from 'react';
import {
  errorMessage,
  getNoticePrefs,
  LoadFailed,
  Loading,
  NOTICE_MESSAGES,
  NOTICE_SWITCHES,
  notify,
  setNoticePrefs,
  useResource,
  type NoticePrefs,
} from '@marketplace/shared';
import accountStyles from '../Account.module.css';
import styles from './Notifications.module.css';

type Switch = (typeof NOTICE_SWITCHES)[number];

/** One switch: on while every kind it covers is on. */
function NoticeSwitch({
  item,
  prefs,
  busy,
  onChange,
}: {
  item: Switch;
  prefs: NoticePrefs;
  busy: boolean;
  onChange(item: Switch, on: boolean): void;
}): ReactElement {
  const on = item.kinds.every((k) => prefs[k]);
  const id = `notice-${item.kinds.join('-')}`;
  return (
    <li className={styles.row}>
      <div>
        <span id={`${id}-label`} className={styles.label}>
          {item.label}
        </span>
        <p id={`${id}-hint`} className={styles.hint}>
          {item.hint}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        aria-busy={busy}
        disabled={busy}
        className={[styles.switch, on ? styles.on : null].filter(Boolean).join(' ')}
        onClick={() => onChange(item, !on)}
      >
        <span className={styles.knob} aria-hidden="true" />
        <span className={styles.state}>{on ? 'On' : 'Off'}</span>
      </button>
    </li>
  );
}

/**
 * /myaccount/notifications: a switch per kind of notice as the contract lists them
 * (NOTICE_SWITCHES: Outbid, Won, Lost, Sold/Unsold, Ending soon, Shipping, Orders to ship), each
 * saved at once (PUT /noticeprefs) with a toast. A kind turned off is neither mailed nor shown live.
 */
export function Notifications(): ReactElement {
  const prefs = useResource(getNoticePrefs, []);
  const [saving, setSaving] = useState<string | null>(null);

  async function change(item: Switch, on: boolean) {
    setSaving(item.label);
    try {
      const saved = await setNoticePrefs(Object.fromEntries(item.kinds.map((k) => [k, on])));
      prefs.update(() => saved);
      notify({ text: NOTICE_MESSAGES.saved, kind: 'success' });
    } catch (e) {
      notify({ text: errorMessage(e), kind: 'error' });
    } finally {
      setSaving(null);
    }
  }

  return (
    <>
      <h1 className={accountStyles.heading}>Notifications</h1>
      <p className={styles.intro}>
        Choose what we tell you about auctions and orders, by email and on the page while you are signed in.
      </p>
      {prefs.status === 'loading' && <Loading label="Loading your notification settings" />}
      {prefs.status === 'failed' && (
        <LoadFailed
          what="Your notification settings could not be loaded."
          onRetry={prefs.retry}
          buttonClassName={accountStyles.button}
        />
      )}
      {prefs.status === 'ready' && (
        <ul className={styles.list} aria-label="Notices">
          {NOTICE_SWITCHES.map((item) => (
            <NoticeSwitch
              key={item.label}
              item={item}
              prefs={prefs.data}
              busy={saving === item.label}
              onChange={change}
            />
          ))}
        </ul>
      )}
    </>
  );
}
