// jsdom lacks TextEncoder/TextDecoder, which react-router 7 needs when it loads.
// Import this first in a test file (the shared jest setup does not provide them yet).
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
