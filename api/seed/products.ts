import type { Category, Kind } from './pictures';

export interface SeedUser {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  phonenum: string;
  createdate: string;
  gender: 'male' | 'female';
}

/** Demo accounts (documented in api/README.md). The first three are the catalogue's sellers. */
export const SEED_USERS: SeedUser[] = [
  {
    firstname: 'Asha',
    lastname: 'Verma',
    email: 'asha.verma@example.com',
    password: 'Asha@2024',
    phonenum: '9876543210',
    createdate: '1990-04-12',
    gender: 'female',
  },
  {
    firstname: 'Rohan',
    lastname: 'Mehta',
    email: 'rohan.mehta@example.com',
    password: 'Rohan@2024',
    phonenum: '9822012345',
    createdate: '1987-11-03',
    gender: 'male',
  },
  {
    firstname: 'Priya',
    lastname: 'Nair',
    email: 'priya.nair@example.com',
    password: 'Priya@2024',
    phonenum: '9447098765',
    createdate: '1994-07-21',
    gender: 'female',
  },
  {
    firstname: 'Demo',
    lastname: 'Shopper',
    email: 'demo@example.com',
    password: 'Demo@1234',
    phonenum: '9000000001',
    createdate: '1998-01-30',
    gender: 'male',
  },
];

export interface SeedProduct {
  name: string;
  category: Category;
  kind: Kind;
  price: number;
  rating: number;
  color: string;
  accent: string;
  description: string;
  location: string;
  /** Index into SEED_USERS. */
  seller: number;
}

/**
 * Units in stock of the demo product at `index` (of SEED_PRODUCTS): most have plenty (enough for
 * the benchmark's orders), a few near the end are low (at most 5) and two are out, so every stock
 * label shows in the demo. The first products (the ones tests and journeys use) have plenty.
 */
export function seedStock(index: number): number {
  const special: Record<number, number> = { 58: 3, 61: 5, 64: 1, 66: 0, 69: 0 };
  return special[index] ?? 500 + ((index * 37) % 500);
}

const E: Category = 'Electronics';
const A: Category = 'Accessories';
const C: Category = 'Clothing';

// prettier-ignore
export const SEED_PRODUCTS: SeedProduct[] = [
  // Electronics
  { name: 'SkyHawk 4K Camera Drone', category: E, kind: 'drone', price: 38999, rating: 5, color: '#4a5568', accent: '#f6ad55', description: 'Foldable quadcopter with a 4K/30fps gimbal camera, 31 minutes of flight per battery, GPS return-to-home and obstacle sensing on three sides.', location: 'Bengaluru', seller: 0 },
  { name: 'AeroLite Mini Drone', category: E, kind: 'drone', price: 12499, rating: 4, color: '#e2e8f0', accent: '#38b2ac', description: 'Palm-sized drone under 250 g with a 2.7K camera, one-tap cinematic shots and 18 minutes of flight. No registration needed for hobby flying.', location: 'Pune', seller: 1 },
  { name: 'Galaxy Nova 5G Smartphone (128 GB)', category: E, kind: 'phone', price: 24999, rating: 4, color: '#2d3748', accent: '#667eea', description: '6.6-inch 120 Hz AMOLED display, 50 MP triple camera, 5000 mAh battery with 33 W fast charging and two years of OS updates.', location: 'Mumbai', seller: 0 },
  { name: 'Pixelite 7a Smartphone (8 GB / 256 GB)', category: E, kind: 'phone', price: 34999, rating: 5, color: '#f7fafc', accent: '#48bb78', description: 'Clean Android with seven years of updates, a 64 MP camera that shines at night, and an IP67 aluminium frame.', location: 'Hyderabad', seller: 2 },
  { name: 'Redwood Note 13 Smartphone', category: E, kind: 'phone', price: 13999, rating: 4, color: '#c53030', accent: '#fbd38d', description: 'Big 6.7-inch display, 108 MP main camera and a 5000 mAh battery that easily lasts two days of regular use.', location: 'Delhi', seller: 1 },
  { name: 'ZenBook Air 14 Laptop (i5, 16 GB)', category: E, kind: 'laptop', price: 67990, rating: 5, color: '#a0aec0', accent: '#4299e1', description: 'Thin-and-light 14-inch OLED laptop with Intel Core i5, 16 GB RAM, 512 GB SSD and a 15-hour battery. Weighs just 1.2 kg.', location: 'Bengaluru', seller: 0 },
  { name: 'Vector 15 Gaming Laptop (RTX 4060)', category: E, kind: 'laptop', price: 89990, rating: 4, color: '#1a202c', accent: '#e53e3e', description: '15.6-inch 144 Hz display, Ryzen 7 processor, RTX 4060 graphics and a per-key RGB keyboard with advanced cooling.', location: 'Chennai', seller: 1 },
  { name: 'StudyMate 14 Chromebook', category: E, kind: 'laptop', price: 21990, rating: 3, color: '#718096', accent: '#68d391', description: 'Boots in seconds, runs Android apps and lasts a full school day. 8 GB RAM and 64 GB storage with built-in virus protection.', location: 'Kochi', seller: 2 },
  { name: 'BassPro Wireless Headphones', category: E, kind: 'headphones', price: 2999, rating: 4, color: '#2d3748', accent: '#ed8936', description: 'Over-ear Bluetooth 5.3 headphones with deep bass, 40 hours of playback, soft memory-foam cushions and a built-in mic.', location: 'Mumbai', seller: 0 },
  { name: 'QuietMax ANC Headphones', category: E, kind: 'headphones', price: 8999, rating: 5, color: '#e2e8f0', accent: '#805ad5', description: 'Hybrid active noise cancellation up to 45 dB, transparency mode, LDAC hi-res audio and 30 hours of battery with ANC on.', location: 'Gurugram', seller: 2 },
  { name: 'StudioMonitor Wired Headphones', category: E, kind: 'headphones', price: 4499, rating: 4, color: '#4a5568', accent: '#f6e05e', description: 'Closed-back studio headphones with 50 mm drivers, flat response for mixing and a detachable 3 m cable.', location: 'Pune', seller: 1 },
  { name: 'AirBeat Pro True Wireless Earbuds', category: E, kind: 'earbuds', price: 3499, rating: 4, color: '#cbd5e0', accent: '#38b2ac', description: 'In-ear earbuds with noise cancellation, quad mics for clear calls, 36 hours with the case and IPX5 sweat resistance.', location: 'Delhi', seller: 0 },
  { name: 'SportFit Neckband Earphones', category: E, kind: 'earbuds', price: 1299, rating: 3, color: '#2b6cb0', accent: '#f6ad55', description: 'Lightweight magnetic neckband with 25 hours of playback, fast charge (10 minutes = 10 hours) and dual pairing.', location: 'Jaipur', seller: 2 },
  { name: 'FitPulse Smartwatch 2', category: E, kind: 'smartwatch', price: 4999, rating: 4, color: '#2d3748', accent: '#48bb78', description: '1.9-inch AMOLED, heart-rate and SpO2 monitoring, 100+ sports modes, Bluetooth calling and 10-day battery.', location: 'Ahmedabad', seller: 1 },
  { name: 'Orbit GPS Running Watch', category: E, kind: 'smartwatch', price: 15999, rating: 5, color: '#c05621', accent: '#4299e1', description: 'Dual-band GPS, training load and recovery insights, offline maps and up to 14 days of smartwatch battery.', location: 'Bengaluru', seller: 0 },
  { name: 'SnapShot Mirrorless Camera Kit', category: E, kind: 'camera', price: 54990, rating: 5, color: '#2d3748', accent: '#4299e1', description: '24 MP APS-C mirrorless camera with a 15-45 mm kit lens, fast eye autofocus, 4K video and a flip screen for vlogging.', location: 'Mumbai', seller: 2 },
  { name: 'ActionCam Go 4K', category: E, kind: 'camera', price: 18999, rating: 4, color: '#1a202c', accent: '#f56565', description: 'Waterproof to 10 m without a case, HyperSmooth stabilisation, 4K60 video and a front screen for selfies.', location: 'Goa', seller: 1 },
  { name: 'Vista 55" 4K Smart TV', category: E, kind: 'tv', price: 42990, rating: 4, color: '#2d3748', accent: '#4299e1', description: '55-inch 4K UHD LED TV with HDR10+, Dolby Audio, built-in Chromecast and all major streaming apps.', location: 'Noida', seller: 0 },
  { name: 'Vista 32" HD Ready Smart TV', category: E, kind: 'tv', price: 13490, rating: 4, color: '#4a5568', accent: '#9f7aea', description: 'Compact smart TV for bedrooms and kitchens, 20 W speakers, two HDMI ports and screen mirroring from your phone.', location: 'Lucknow', seller: 2 },
  { name: 'BoomBox Portable Bluetooth Speaker', category: E, kind: 'speaker', price: 2499, rating: 4, color: '#2c7a7b', accent: '#f6e05e', description: '20 W stereo sound, IPX7 waterproof, 12 hours of playback and a party mode that pairs two speakers.', location: 'Kolkata', seller: 1 },
  { name: 'HomeAssist Smart Speaker', category: E, kind: 'speaker', price: 4499, rating: 4, color: '#4a5568', accent: '#63b3ed', description: 'Voice assistant speaker with room-filling sound; controls lights and plugs, plays music and answers in Hindi and English.', location: 'Hyderabad', seller: 0 },
  { name: 'TabView 11 Tablet (Wi-Fi, 128 GB)', category: E, kind: 'tablet', price: 19999, rating: 4, color: '#718096', accent: '#63b3ed', description: '11-inch 2K display, quad speakers, 8000 mAh battery and support for a stylus. Great for classes, reading and movies.', location: 'Chennai', seller: 2 },
  { name: 'KeyCraft Mechanical Keyboard', category: E, kind: 'keyboard', price: 3999, rating: 5, color: '#4a5568', accent: '#ed64a6', description: 'Hot-swappable tactile switches, PBT keycaps, RGB backlight and both wired and wireless (Bluetooth + 2.4 GHz) modes.', location: 'Pune', seller: 1 },
  { name: 'SilentClick Wireless Mouse', category: E, kind: 'mouse', price: 799, rating: 4, color: '#2d3748', accent: '#48bb78', description: 'Quiet clicks, 1600 DPI optical sensor, comfortable ambidextrous shape and 18 months on one AA battery.', location: 'Indore', seller: 0 },
  { name: 'ProGlide Gaming Mouse', category: E, kind: 'mouse', price: 2299, rating: 5, color: '#1a202c', accent: '#e53e3e', description: '26000 DPI sensor, 63 g ultralight shell, six programmable buttons and a braided paracord cable.', location: 'Mumbai', seller: 2 },
  { name: 'PowerMax 20000 mAh Power Bank', category: E, kind: 'powerbank', price: 1799, rating: 4, color: '#2b6cb0', accent: '#68d391', description: 'Charges a phone four times; 22.5 W fast charging, USB-C in and out, and a LED charge indicator.', location: 'Delhi', seller: 1 },
  { name: 'FastCharge 65 W GaN Charger', category: E, kind: 'charger', price: 2199, rating: 5, color: '#e2e8f0', accent: '#4299e1', description: 'Pocket-sized GaN charger that powers a laptop, phone and earbuds at once, with a 1.5 m USB-C cable in the box.', location: 'Bengaluru', seller: 0 },
  { name: 'PlayPad Wireless Game Controller', category: E, kind: 'controller', price: 3299, rating: 4, color: '#4a5568', accent: '#9f7aea', description: 'Works with PC, Android and consoles; hall-effect sticks that do not drift, rumble motors and 20 hours per charge.', location: 'Hyderabad', seller: 2 },

  // Accessories
  { name: 'Trekker 30 L Laptop Backpack', category: A, kind: 'backpack', price: 1899, rating: 4, color: '#2c5282', accent: '#f6ad55', description: 'Water-resistant backpack with a padded 15.6-inch laptop sleeve, USB charging port and a hidden anti-theft pocket.', location: 'Mumbai', seller: 1 },
  { name: 'Campus Classic Backpack', category: A, kind: 'backpack', price: 999, rating: 4, color: '#c53030', accent: '#edf2f7', description: 'Everyday 22 L backpack with two roomy compartments, bottle pockets and cushioned shoulder straps.', location: 'Kanpur', seller: 0 },
  { name: 'Urban Leather Bifold Wallet', category: A, kind: 'wallet', price: 899, rating: 5, color: '#7b341e', accent: '#d69e2e', description: 'Genuine leather wallet with RFID blocking, eight card slots, two note sections and a coin pocket.', location: 'Kolkata', seller: 2 },
  { name: 'SlimCard Minimalist Wallet', category: A, kind: 'wallet', price: 599, rating: 4, color: '#1a202c', accent: '#a0aec0', description: 'Front-pocket card holder for up to 10 cards with a quick pull tab and a folded-note slot.', location: 'Chennai', seller: 1 },
  { name: 'Aviator Polarised Sunglasses', category: A, kind: 'sunglasses', price: 1499, rating: 4, color: '#b7791f', accent: '#2d3748', description: 'Classic metal aviators with polarised UV400 lenses that cut glare on the road and at the beach. Case included.', location: 'Goa', seller: 0 },
  { name: 'Wayfarer Classic Sunglasses', category: A, kind: 'sunglasses', price: 1199, rating: 4, color: '#1a202c', accent: '#2f855a', description: 'Timeless square frame in matte black with green-tinted UV400 lenses and spring hinges.', location: 'Jaipur', seller: 2 },
  { name: 'Heritage Chronograph Watch', category: A, kind: 'watch', price: 6499, rating: 5, color: '#7b341e', accent: '#d69e2e', description: 'Stainless steel chronograph with a sapphire-coated glass, genuine leather strap and 50 m water resistance.', location: 'Delhi', seller: 1 },
  { name: 'Minimal Steel Mesh Watch', category: A, kind: 'watch', price: 3299, rating: 4, color: '#a0aec0', accent: '#718096', description: 'Ultra-slim 6 mm case, clean dial and a steel mesh strap with a magnetic clasp that fits any wrist.', location: 'Mumbai', seller: 0 },
  { name: 'Reversible Leather Belt', category: A, kind: 'belt', price: 749, rating: 4, color: '#2d3748', accent: '#a0aec0', description: 'Black on one side, brown on the other, with a rotating brushed-steel buckle. Cut to size for a perfect fit.', location: 'Kanpur', seller: 2 },
  { name: 'Canvas Casual Belt', category: A, kind: 'belt', price: 449, rating: 3, color: '#2f855a', accent: '#d69e2e', description: 'Durable woven canvas belt with a brass buckle, ideal with chinos and jeans.', location: 'Surat', seller: 1 },
  { name: 'Classic Baseball Cap', category: A, kind: 'cap', price: 399, rating: 4, color: '#2c5282', accent: '#f7fafc', description: 'Six-panel cotton cap with a curved brim, breathable eyelets and an adjustable strap.', location: 'Ludhiana', seller: 0 },
  { name: 'Sports Mesh Cap', category: A, kind: 'cap', price: 549, rating: 4, color: '#c53030', accent: '#1a202c', description: 'Quick-dry running cap with a mesh back, reflective trim and a sweat-wicking band.', location: 'Bengaluru', seller: 2 },
  { name: 'Everyday Tote Handbag', category: A, kind: 'handbag', price: 1599, rating: 4, color: '#b83280', accent: '#f6e05e', description: 'Spacious vegan-leather tote with a zip top, laptop pocket and sturdy shoulder handles.', location: 'Mumbai', seller: 1 },
  { name: 'Evening Clutch Sling Bag', category: A, kind: 'handbag', price: 1199, rating: 4, color: '#553c9a', accent: '#d69e2e', description: 'Compact sling bag with a detachable chain strap, magnetic flap and two inner slots for cards.', location: 'Delhi', seller: 0 },
  { name: 'Silicone Phone Case with Strap', category: A, kind: 'phone', price: 499, rating: 4, color: '#d53f8c', accent: '#fbb6ce', description: 'Soft-touch silicone case with raised camera edges, microfibre lining and a detachable wrist strap.', location: 'Chennai', seller: 2 },
  { name: 'Braided USB-C Cable (2-Pack)', category: A, kind: 'charger', price: 599, rating: 5, color: '#4a5568', accent: '#ed8936', description: 'Two 1.5 m nylon-braided USB-C cables rated for 60 W charging and 10000 bends.', location: 'Noida', seller: 1 },
  { name: 'Travel Organiser Pouch', category: A, kind: 'wallet', price: 699, rating: 4, color: '#2c7a7b', accent: '#fbd38d', description: 'Keeps cables, chargers and earbuds tidy: elastic loops, mesh pockets and a water-resistant zip.', location: 'Pune', seller: 0 },

  // Clothing
  { name: 'Essential Cotton Crew T-Shirt', category: C, kind: 'tshirt', price: 399, rating: 4, color: '#2b6cb0', accent: '#f6e05e', description: '100% combed cotton, 180 GSM, regular fit. Pre-shrunk and soft after every wash.', location: 'Tiruppur', seller: 2 },
  { name: 'Graphic Print Oversized Tee', category: C, kind: 'tshirt', price: 599, rating: 4, color: '#1a202c', accent: '#ed64a6', description: 'Drop-shoulder oversized tee with a bold front print, heavy 220 GSM cotton jersey.', location: 'Bengaluru', seller: 1 },
  { name: 'Dri-Fit Running T-Shirt', category: C, kind: 'tshirt', price: 699, rating: 5, color: '#38a169', accent: '#f7fafc', description: 'Lightweight quick-dry polyester with mesh panels and anti-odour finish for long runs.', location: 'Delhi', seller: 0 },
  { name: 'Oxford Slim Fit Formal Shirt', category: C, kind: 'shirt', price: 1299, rating: 4, color: '#90cdf4', accent: '#f7fafc', description: 'Crisp cotton Oxford shirt with a button-down collar, slim fit and wrinkle-resistant finish.', location: 'Mumbai', seller: 2 },
  { name: 'Checked Flannel Casual Shirt', category: C, kind: 'shirt', price: 999, rating: 4, color: '#c53030', accent: '#1a202c', description: 'Brushed cotton flannel in a classic red check, soft and warm for winter evenings.', location: 'Shimla', seller: 1 },
  { name: 'Linen Blend Summer Shirt', category: C, kind: 'shirt', price: 1499, rating: 5, color: '#f6e05e', accent: '#c05621', description: 'Breathable linen-cotton blend with a relaxed fit and a cuban collar for hot days.', location: 'Chennai', seller: 0 },
  { name: 'Slim Fit Stretch Jeans', category: C, kind: 'jeans', price: 1499, rating: 4, color: '#2c5282', accent: '#d69e2e', description: 'Mid-rise stretch denim that moves with you; five pockets and a classic indigo wash.', location: 'Ahmedabad', seller: 2 },
  { name: 'Relaxed Straight Jeans', category: C, kind: 'jeans', price: 1799, rating: 4, color: '#4a5568', accent: '#d69e2e', description: 'Comfortable straight leg in washed black denim, 100% cotton with a button fly.', location: 'Bengaluru', seller: 1 },
  { name: 'Denim Trucker Jacket', category: C, kind: 'jacket', price: 2499, rating: 5, color: '#3182ce', accent: '#d69e2e', description: 'Classic trucker jacket with chest pockets and copper buttons; gets better with every wear.', location: 'Mumbai', seller: 0 },
  { name: 'Quilted Puffer Jacket', category: C, kind: 'jacket', price: 3499, rating: 4, color: '#2f855a', accent: '#f6ad55', description: 'Lightweight, water-repellent puffer with recycled insulation that packs into its own pocket.', location: 'Delhi', seller: 2 },
  { name: 'Fleece Pullover Hoodie', category: C, kind: 'hoodie', price: 1199, rating: 4, color: '#718096', accent: '#f7fafc', description: 'Brushed fleece hoodie with a kangaroo pocket, ribbed cuffs and an adjustable drawstring hood.', location: 'Ludhiana', seller: 1 },
  { name: 'Zip-Up Training Hoodie', category: C, kind: 'hoodie', price: 1599, rating: 5, color: '#9b2c2c', accent: '#1a202c', description: 'Four-way stretch training hoodie with zip pockets and thumbholes; light enough for a warm-up run.', location: 'Pune', seller: 0 },
  { name: 'Floral A-Line Midi Dress', category: C, kind: 'dress', price: 1899, rating: 5, color: '#d53f8c', accent: '#2d3748', description: 'Flowy viscose midi dress with a floral print, tie waist and flutter sleeves.', location: 'Jaipur', seller: 2 },
  { name: 'Cotton Shirt Dress', category: C, kind: 'dress', price: 1599, rating: 4, color: '#38b2ac', accent: '#f7fafc', description: 'Easy-fit cotton shirt dress with a belt and side pockets, perfect for work or weekend.', location: 'Kochi', seller: 1 },
  { name: 'Everyday Canvas Sneakers', category: C, kind: 'sneaker', price: 1299, rating: 4, color: '#f7fafc', accent: '#e53e3e', description: 'Low-top canvas sneakers with a cushioned insole and a durable vulcanised rubber sole.', location: 'Agra', seller: 0 },
  { name: 'CloudRun Running Shoes', category: C, kind: 'sneaker', price: 3999, rating: 5, color: '#4299e1', accent: '#f6e05e', description: 'Responsive foam midsole, breathable knit upper and a grippy outsole for road running.', location: 'Bengaluru', seller: 2 },
  { name: 'Chikankari Cotton Kurta', category: C, kind: 'kurta', price: 1399, rating: 5, color: '#fefcbf', accent: '#d69e2e', description: 'Hand-embroidered Lucknowi chikankari kurta in soft cotton, straight cut with side slits.', location: 'Lucknow', seller: 1 },
  { name: 'Festive Silk Blend Kurta', category: C, kind: 'kurta', price: 2199, rating: 4, color: '#9b2c2c', accent: '#ecc94b', description: 'Silk-blend kurta with a mandarin collar and golden buttons, made for weddings and festivals.', location: 'Varanasi', seller: 0 },
  { name: 'Ankle Socks (Pack of 5)', category: C, kind: 'socks', price: 349, rating: 4, color: '#4a5568', accent: '#f6ad55', description: 'Cushioned cotton-rich ankle socks with arch support and a reinforced heel and toe.', location: 'Tiruppur', seller: 2 },
  { name: 'Wool Blend Winter Socks (Pack of 3)', category: C, kind: 'socks', price: 499, rating: 4, color: '#9c4221', accent: '#f7fafc', description: 'Warm merino wool blend socks with a soft terry sole for cold mornings.', location: 'Shimla', seller: 1 },
];

export interface SeedCoupon {
  name: string;
  discount: number;
  /** Days from now; negative = already expired. */
  expiresInDays: number;
  usesLeft: number;
}

export const SEED_COUPONS: SeedCoupon[] = [
  { name: 'WELCOME50', discount: 50, expiresInDays: 365, usesLeft: 1000 },
  { name: 'SAVE100', discount: 100, expiresInDays: 180, usesLeft: 500 },
  { name: 'FESTIVE500', discount: 500, expiresInDays: 90, usesLeft: 50 },
  { name: 'SUMMER20', discount: 20, expiresInDays: -30, usesLeft: 100 },
  { name: 'LASTONE', discount: 250, expiresInDays: 60, usesLeft: 1 },
];
