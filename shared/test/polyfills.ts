// jsdom lacks TextEncoder/TextDecoder, which react-router 7 needs when it loads.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom lays nothing out, so there is nowhere to scroll, and its own window.scrollTo logs an
// error on every call (the shell scrolls to the top on each new page): a no-op instead.
window.scrollTo = () => undefined;
