import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent, type ReactElement } from 'react';
// Through the package (its shared singleton in the page), not relative paths: this module is an
// entry of its own, which would otherwise bundle a second API client and toast state.
import { MAX_PHOTOS, messageOf, notify, uploadPhoto, UPLOAD_MAX_BYTES, type Toast } from '@marketplace/shared';
import styles from './PhotoUploader.module.css';

/** The spec's toast after each uploaded file on Add Product and Add auction (section 4). */
export const UPLOAD_SUCCESS_TOAST: Toast = {
  text: 'File Upload Successfully Kindly Please Click Again for Add Product',
  kind: 'success',
};
/** The same toast on a form whose button is another (an edit's Save Changes). */
const uploadSuccessToast = (submitLabel: string): Toast => ({
  text: `File Upload Successfully Kindly Please Click Again for ${submitLabel}`,
  kind: 'success',
});
/** Spec section 9: upload interval 3000 ms per file. */
export const UPLOAD_INTERVAL_MS = 3000;

/** Why a chosen file cannot be sent, or null when it may be uploaded (the server still checks the bytes). */
export function photoProblem(file: File): string | null {
  const isPng = file.type === 'image/png' || (file.type === '' && /\.png$/i.test(file.name));
  if (!isPng) return `${file.name} is not a PNG image. Please choose PNG files only.`;
  if (file.size > UPLOAD_MAX_BYTES) return `${file.name} is larger than 5 MB.`;
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

type EntryStatus = 'waiting' | 'uploading' | 'done' | 'failed';
interface Entry {
  file: File;
  status: EntryStatus;
  url?: string;
}

export interface PhotoUploaderProps {
  /**
   * Called with the URL of every chosen file once all of them are uploaded, in the order chosen.
   * Called with [] when a new choice starts (or is refused), so a form can keep its create button
   * disabled until the new uploads finish.
   */
  onUploaded(urls: string[]): void;
  /** Locks the file input (progressive forms unlock it once the previous field is valid). */
  disabled?: boolean;
  /** Visible label of the file input. */
  label?: string;
  /** Hint under the label. */
  hint?: string;
  /**
   * The form's button to press once the photos are up, which each file's success toast names
   * ('… Click Again for Save Changes'). The spec's 'Add Product' when missing (Add auction's too).
   */
  submitLabel?: string;
  /** Sends one file and resolves its URL; defaults to the API's uploadPhoto (POST /uploadimage). */
  upload?: (file: File) => Promise<string>;
  /** Time from one upload's start to the next one's start. */
  intervalMs?: number;
}

const STATUS_TEXT: Record<EntryStatus, string> = {
  waiting: 'Waiting',
  uploading: 'Uploading…',
  done: 'Uploaded',
  failed: 'Failed',
};

const uploadWithName = (file: File): Promise<string> => uploadPhoto(file, file.name);

/**
 * Chooses PNG photos and uploads them one at a time, one every 3 s (spec section 4), with the
 * spec's toast for each file, a progress bar (n of m), and a retry from the file that failed.
 * Used by Add Product and the edit of a listing (shop) and Add auction (auction).
 */
export function PhotoUploader({
  onUploaded,
  disabled = false,
  label = 'Photos (PNG)',
  hint = `Up to ${MAX_PHOTOS} PNG images, 5 MB each at most. They upload one at a time.`,
  submitLabel = 'Add Product',
  upload = uploadWithName,
  intervalMs = UPLOAD_INTERVAL_MS,
}: PhotoUploaderProps): ReactElement {
  const inputId = useId();
  const hintId = useId();
  const [entries, setEntries] = useState<Entry[]>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [failedAt, setFailedAt] = useState<number | null>(null);

  // A new choice or unmounting bumps the run number; an older run stops at its next step.
  const run = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ onUploaded, upload, intervalMs, submitLabel });
  latest.current = { onUploaded, upload, intervalMs, submitLabel };

  useEffect(
    () => () => {
      run.current += 1;
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const wait = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      timer.current = setTimeout(resolve, ms);
    });

  const uploadFrom = useCallback(async (list: Entry[], from: number): Promise<void> => {
    const me = ++run.current;
    const items = list.map((e) => ({ ...e }));
    const show = (): void => setEntries(items.map((e) => ({ ...e })));
    setBusy(true);
    setProblem(null);
    setFailedAt(null);
    let lastStart: number | null = null;
    for (let i = from; i < items.length; i += 1) {
      if (lastStart !== null) {
        const gap = latest.current.intervalMs - (Date.now() - lastStart);
        if (gap > 0) await wait(gap);
        if (run.current !== me) return;
      }
      lastStart = Date.now();
      items[i].status = 'uploading';
      show();
      try {
        const url = await latest.current.upload(items[i].file);
        if (run.current !== me) return;
        items[i] = { ...items[i], status: 'done', url };
        show();
        notify(uploadSuccessToast(latest.current.submitLabel));
      } catch (error) {
        if (run.current !== me) return;
        const message = messageOf(error, 'Upload failed');
        items[i].status = 'failed';
        show();
        setProblem(`${items[i].file.name}: ${message}`);
        setFailedAt(i);
        setBusy(false);
        notify({ text: message, kind: 'error' });
        return;
      }
    }
    setBusy(false);
    latest.current.onUploaded(items.map((e) => e.url ?? ''));
  }, []);

  const onChoose = (event: ChangeEvent<HTMLInputElement>): void => {
    const files = Array.from(event.target.files ?? []);
    run.current += 1;
    if (timer.current) clearTimeout(timer.current);
    setFailedAt(null);
    setBusy(false);
    latest.current.onUploaded([]);
    if (files.length === 0) {
      setEntries([]);
      setProblem(null);
      return;
    }
    // Refused before anything is sent: the server takes at most MAX_PHOTOS per product or item.
    const refuse = (message: string, toast: string): void => {
      setEntries([]);
      setProblem(message);
      event.target.value = '';
      notify({ text: toast, kind: 'error' });
    };
    if (files.length > MAX_PHOTOS) {
      refuse(
        `You chose ${files.length} photos; please choose at most ${MAX_PHOTOS}.`,
        `Please choose at most ${MAX_PHOTOS} photos`,
      );
      return;
    }
    const problems = files.map(photoProblem).filter((p): p is string => p !== null);
    if (problems.length > 0) {
      refuse(problems.join(' '), 'Please choose PNG images only');
      return;
    }
    void uploadFrom(
      files.map((file) => ({ file, status: 'waiting' })),
      0,
    );
  };

  const done = entries.filter((e) => e.status === 'done').length;
  const total = entries.length;

  return (
    <div className={styles.uploader}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <p id={hintId} className={styles.hint}>
        {hint}
      </p>
      <input
        id={inputId}
        className={styles.input}
        type="file"
        accept="image/png"
        multiple
        disabled={disabled || busy}
        aria-describedby={hintId}
        onChange={onChoose}
      />
      {total > 0 && (
        <div className={styles.progressBox}>
          <div className={styles.progressHead}>
            <span aria-live="polite">
              Uploaded {done} of {total}
            </span>
            {busy && <span className={styles.busy}>Uploading one file every {Math.round(intervalMs / 1000)} s</span>}
          </div>
          <progress className={styles.progress} max={total} value={done} aria-label="Upload progress">
            {done} of {total}
          </progress>
          <ul className={styles.files} aria-label="Chosen photos">
            {entries.map((entry, i) => (
              <li key={`${i}-${entry.file.name}`} className={styles.file} data-status={entry.status}>
                {entry.url ? (
                  <img className={styles.thumb} src={entry.url} alt={entry.file.name} width={48} height={48} />
                ) : (
                  <span className={styles.thumbEmpty} aria-hidden="true" />
                )}
                <span className={styles.fileName}>{entry.file.name}</span>
                <span className={styles.fileStatus}>{STATUS_TEXT[entry.status]}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      {failedAt !== null && (
        <button
          type="button"
          className={styles.retry}
          disabled={disabled}
          onClick={() => void uploadFrom(entries, failedAt)}
        >
          Retry upload
        </button>
      )}
    </div>
  );
}
