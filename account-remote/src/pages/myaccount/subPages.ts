/**
 * The account screen's sub-screens, chosen by the end of the path (spec section 2), and their
 * titles; '' is the dashboard. Each is a route of the manifest (src/routes.ts: /myaccount/<key>).
 */
export const SUB_PAGE_TITLES = {
  '': 'My Account',
  myprofile: 'My Profile',
  editprofile: 'Edit Profile',
  addressbook: 'Address Book',
  addaddress: 'Add Address',
  editaddress: 'Edit Address',
  myorder: 'My Orders',
  manageorder: 'Manage Order',
  trackorder: 'Track Order',
  mypayment: 'My Payments',
  cancellation: 'My Cancellations',
  couponoffer: 'Offers and Coupons',
  myproducts: 'My Products',
  sales: 'Orders to ship',
  notifications: 'Notifications',
} as const satisfies Readonly<Record<string, string>>;

export type SubPageKey = keyof typeof SUB_PAGE_TITLES;

/** '/myaccount/addressbook' → 'addressbook'; '/myaccount' → ''; null for anything unknown. */
export function subPageKey(pathname: string): SubPageKey | null {
  const end = pathname.replace(/\/+$/, '').split('/')[2] ?? '';
  return end in SUB_PAGE_TITLES ? (end as SubPageKey) : null;
}
