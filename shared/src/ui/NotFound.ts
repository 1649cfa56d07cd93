export { NotFound } from './atoms';
