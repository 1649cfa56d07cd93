// @marketplace/shared/contract: the API's contract (the @marketplace/contract package), so the front
// ends and this package's client take its types from the one place the API validates with.
export * from '@marketplace/contract';
