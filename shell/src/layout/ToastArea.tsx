import type { ReactElement } from 'react';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_OPTIONS } from '@marketplace/shared';

/** The page's one toast container (used by every remote); its own chunk, loaded with the first toast. */
export default function ToastArea(): ReactElement {
  return <ToastContainer position={TOAST_OPTIONS.position} autoClose={TOAST_OPTIONS.autoClose} />;
}
