// @marketplace/shared/testing: the front ends' test kit. Test code only: no front end's source
// imports it, so it is in no bundle. Calls to a server are mocked for every test by the shared
// Jest setup (setup.ts); `mockApi()` hands them to a test, typed.
export { renderArea, currentPath, toastKind } from './renderArea';
export { signInAs, signOut } from './session';
export { SIGNED_IN, auctionItem, customer, order, product, sale, shipment } from './fixtures';
export { mockApi, type ApiCallName, type ApiMocks } from './mockApi';
