/** Which front end owns each route of the spec (section 2). Exact matches; anything else is not found. */
export type AreaName = 'shell' | 'shop' | 'account' | 'auction';

export interface RouteEntry {
  path: string;
  area: AreaName;
}

const shop = (path: string): RouteEntry => ({ path, area: 'shop' });
const account = (path: string): RouteEntry => ({ path, area: 'account' });
const auction = (path: string): RouteEntry => ({ path, area: 'auction' });
const shell = (path: string): RouteEntry => ({ path, area: 'shell' });

export const MY_ACCOUNT_PAGES = [
  'myprofile',
  'editprofile',
  'addressbook',
  'addaddress',
  'editaddress',
  'myorder',
  'manageorder',
  'trackorder',
  'mypayment',
  'cancellation',
  'couponoffer',
] as const;

export const ROUTES: readonly RouteEntry[] = [
  shop('/'),
  shop('/newarrival'),
  shop('/newarrival/:searchKey'),
  shop('/productdetails/:id'),
  shop('/viewcart'),
  shop('/viewcart/:id'),
  shop('/emptycart'),
  shop('/checkout'),
  shop('/billconfirm'),
  shop('/addproduct'),
  shop('/review'),
  shop('/addreview'),
  shop('/wishlist'),
  account('/signup'),
  account('/login'),
  account('/forgetpassword'),
  account('/otpresetpass'),
  account('/newpassword'),
  account('/changepassword'),
  account('/myaccount'),
  ...MY_ACCOUNT_PAGES.map((page) => account(`/myaccount/${page}`)),
  auction('/auction'),
  auction('/auctionhome'),
  auction('/addauction'),
  auction('/auctionproduct/:id'),
  auction('/auctionusers/:id'),
  shell('/logout'),
  shell('/alreadyloggedin'),
  shell('/about'),
  shell('/faq'),
  shell('/contact'),
  shell('/getcontact'),
  shell('/preload'),
  shell('/error404'),
];

export function routesOf(area: AreaName): RouteEntry[] {
  return ROUTES.filter((r) => r.area === area);
}
