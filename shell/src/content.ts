/** Static contact details shown by the header, the footer and the contact page. */
export const CONTACT = {
  phone: '+91 98765 43210',
  phoneHref: 'tel:+919876543210',
  email: 'support@marketplace.example',
  address: '42 MG Road, Bengaluru, Karnataka 560001, India',
  workHours: '9 AM to 7 PM, 5 days a week',
} as const;

export const SHOP_NAME = 'Marketplace';
