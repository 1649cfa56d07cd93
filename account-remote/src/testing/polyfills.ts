// jsdom lacks TextEncoder/TextDecoder, which react-router 7 needs when it loads.
// Import this first in every test file (before anything that loads react-router).
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
