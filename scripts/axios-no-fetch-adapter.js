// Stands in for axios's fetch adapter in the browser bundles (webpack.common.js): the API client
// uses the XHR adapter, axios's first choice in a browser, and the fetch adapter it never reaches
// was ~6 KB gzip of every page's first load. getFetch answering false reads "not supported".
export const getFetch = () => false;
export default undefined;
