// jsdom has no TextEncoder/TextDecoder, which react-router 7 needs when it loads.
// Import this first in a test file (before anything that imports react-router).
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom does not scroll; the shell scrolls to the top on navigation.
window.scrollTo = () => undefined;
