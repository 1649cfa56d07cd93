import type { ReactElement } from 'react';
import { ToastContainer } from 'react-toastify';
import { TOAST_OPTIONS } from '@marketplace/shared';

/**
 * The page's one toast container (used by every remote); its own chunk, loaded with the first toast.
 * react-toastify 11 puts its stylesheet in the page itself when the container mounts: importing
 * ReactToastify.css too added the same rules a second time (a long style recalculation).
 */
export default function ToastArea(): ReactElement {
  return <ToastContainer position={TOAST_OPTIONS.position} autoClose={TOAST_OPTIONS.autoClose} />;
}
