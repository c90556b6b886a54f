/**
 * Southern Cross Motor Group (fictional): a multi-franchise dealer group across QLD, NSW and VIC selling cars,
 * trucks and motorcycles. 9 dealerships, 13 locations (some sharing an address), brand grid and mega menu; template 'group'.
 */
import { makeBySlug } from '../src/catalogue.ts';
import { DEMO_REMOTES, holidayHours, img, location, logoSize, standardFooter, type DemoTenant, type PlaceSpec } from '../src/kit.ts';

const SLUG = 'southern-cross-motor-group';
const NAME = 'Southern Cross Motor Group';
const PRIMARY = '#0b3d91';

const CAR_BRANDS = ['hyundai', 'kia', 'mazda', 'ford', 'mitsubishi', 'mg', 'nissan', 'volkswagen', 'isuzu-ute', 'subaru'];
const TRUCK_BRANDS = ['isuzu-trucks', 'hino', 'fuso'];
const BIKE_BRANDS = ['yamaha', 'kawasaki', 'harley-davidson'];
const ALL_BRANDS = [...CAR_BRANDS, ...TRUCK_BRANDS, ...BIKE_BRANDS];

const dealerships = [
  { id: '21', slug: 'southern-cross-hyundai', name: 'Southern Cross Hyundai', makes: ['hyundai'], rating: 4.6, reviews: 1240 },
  { id: '22', slug: 'southern-cross-kia-mazda-capalaba', name: 'Southern Cross Kia & Mazda Capalaba', makes: ['kia', 'mazda'], rating: 4.5, reviews: 860 },
  { id: '23', slug: 'southern-cross-ford-penrith', name: 'Southern Cross Ford Penrith', makes: ['ford'], rating: 4.4, reviews: 702 },
  { id: '24', slug: 'southern-cross-mitsubishi-mg-liverpool', name: 'Southern Cross Mitsubishi & MG Liverpool', makes: ['mitsubishi', 'mg'], rating: 4.3, reviews: 515 },
  { id: '25', slug: 'southern-cross-nissan-volkswagen-broadmeadow', name: 'Southern Cross Nissan & Volkswagen Broadmeadow', makes: ['nissan', 'volkswagen'], rating: 4.5, reviews: 433 },
  { id: '26', slug: 'southern-cross-isuzu-subaru-dandenong', name: 'Southern Cross Isuzu UTE & Subaru Dandenong', makes: ['isuzu-ute', 'subaru'], rating: 4.7, reviews: 611 },
  { id: '27', slug: 'southern-cross-trucks', name: 'Southern Cross Trucks', makes: TRUCK_BRANDS, rating: 4.6, reviews: 288 },
  { id: '28', slug: 'southern-cross-motorcycles', name: 'Southern Cross Motorcycles', makes: BIKE_BRANDS, rating: 4.8, reviews: 947 },
  { id: '29', slug: 'southern-cross-pre-owned', name: 'Southern Cross Pre-Owned', makes: [], rating: 4.2, reviews: 377 },
] as const;

const dealer = (id: string) => {
  const d = dealerships.find((x) => x.id === id);
  if (!d) throw new Error(`No dealership ${id}`);
  return { id: d.id, slug: d.slug };
};

const SALES_HOURS: PlaceSpec['hours'] = { weekdays: ['08:30', '17:30'], saturday: ['08:30', '16:00'], sunday: 'closed' };
const LATE_THURSDAY: PlaceSpec['hours'] = {
  weekdays: [['08:30', '17:30'], ['08:30', '17:30'], ['08:30', '17:30'], ['08:30', '19:00'], ['08:30', '17:30']],
  saturday: ['08:00', '17:00'], sunday: ['10:00', '16:00'],
};
const SERVICE_HOURS: PlaceSpec['hours'] = { weekdays: ['07:00', '17:30'], saturday: ['08:00', '12:00'], sunday: 'closed' };

const place = (p: Omit<PlaceSpec, 'brandColour'>) => location({ ...p, brandColour: PRIMARY });

const review = (author: string, rating: number, text: string, date: string) => ({ author, rating, text, date });

const locations = [
  place({
    id: '2101', name: 'Southern Cross Hyundai Springwood Sales', slug: 'southern-cross-hyundai-springwood-sales', type: 'sales', primary: true,
    dealership: dealer('21'), manufacturers: ['hyundai'], street: '12 Dennis Road', city: 'Springwood', state: 'QLD', postcode: '4127',
    lat: -27.6129, long: 153.1296, phone: '(07) 5550 2100', licence: 'MVD 3209114', hours: LATE_THURSDAY, rating: 4.6, reviews: 902,
    reviewItems: [review('Tom B.', 5, 'Great range of Tucsons in stock and a genuinely easy test drive booking.', '2026-10-09'), review('Priya S.', 4, 'Helpful team, the handover was thorough.', '2026-08-27')],
  }),
  place({
    id: '2102', name: 'Southern Cross Hyundai Springwood Service', slug: 'southern-cross-hyundai-springwood-service', type: 'service',
    dealership: dealer('21'), manufacturers: ['hyundai'], street: '12 Dennis Road', city: 'Springwood', state: 'QLD', postcode: '4127',
    lat: -27.6129, long: 153.1296, phone: '(07) 5550 2130', licence: 'MVD 3209114', hours: SERVICE_HOURS, rating: 4.5, reviews: 301,
    reviewItems: [
      review('Daniel K.', 5, 'Booked the 30,000 km service online, in and out before lunch with a clear run-down of what was done.', '2026-11-12'),
      review('Sophie W.', 4, 'Courteous advisors. The loan car was handy even if the wait for it was a bit long.', '2026-09-30'),
      review('Mark F.', 3, 'Service was fine but nobody called when it was ready.', '2026-10-21'),
    ],
  }),
  place({
    id: '2103', name: 'Southern Cross Hyundai Springwood Parts', slug: 'southern-cross-hyundai-springwood-parts', type: 'parts',
    dealership: dealer('21'), manufacturers: ['hyundai'], street: '12 Dennis Road', city: 'Springwood', state: 'QLD', postcode: '4127',
    lat: -27.6129, long: 153.1296, phone: '(07) 5550 2140', hours: { weekdays: ['07:30', '17:00'], saturday: ['08:00', '12:00'], sunday: 'closed' }, rating: 4.4, reviews: 37,
    reviewItems: [
      review('Jess A.', 5, 'Had the right roof racks for our Tucson in stock and fitted them the same day.', '2026-10-27'),
      review('Paul N.', 4, 'Genuine floor mats at a fair price; ordered a cargo liner that came in two days.', '2026-08-14'),
    ],
  }),
  place({
    id: '2201', name: 'Southern Cross Kia & Mazda Capalaba', slug: 'southern-cross-kia-mazda-capalaba', type: 'sales',
    dealership: dealer('22'), manufacturers: ['kia', 'mazda'], street: '88 Redland Bay Road', city: 'Capalaba', state: 'QLD', postcode: '4157',
    lat: -27.5312, long: 153.2005, phone: '(07) 5550 2200', licence: 'MVD 3211876', hours: SALES_HOURS, rating: 4.5, reviews: 860,
    reviewItems: [review('Hannah L.', 5, 'Bought a Sportage and a CX-5 for the family from the same team in one afternoon.', '2026-09-14')],
  }),
  place({
    id: '2301', name: 'Southern Cross Ford Penrith Sales', slug: 'southern-cross-ford-penrith-sales', type: 'sales',
    dealership: dealer('23'), manufacturers: ['ford'], street: '140 Mulgoa Road', city: 'Penrith', state: 'NSW', postcode: '2750',
    lat: -33.7571, long: 150.6846, phone: '(02) 5550 2300', licence: 'MD 061245', mvr: 'MVRL 54781', hours: SALES_HOURS, rating: 4.4, reviews: 560,
    reviewItems: [
      review('Kerry M.', 5, 'Traded our old Territory on a Ranger XLT. Straightforward numbers and a great handover.', '2026-11-08'),
      review('Adam C.', 4, 'Good selection of Everests to compare. Finance took an extra day.', '2026-09-19'),
    ],
  }),
  place({
    // The service centre is around the corner from the showroom (its own address: a tab of its own in the list).
    id: '2302', name: 'Southern Cross Ford Penrith Service', slug: 'southern-cross-ford-penrith-service', type: 'service',
    dealership: dealer('23'), manufacturers: ['ford'], street: '9 Batt Street', city: 'Penrith', state: 'NSW', postcode: '2750',
    lat: -33.7549, long: 150.6894, phone: '(02) 5550 2330', licence: 'MD 061245', mvr: 'MVRL 54781', hours: SERVICE_HOURS, rating: 4.3, reviews: 142,
    reviewItems: [
      review('Nathan G.', 5, 'Logbook service on the Ranger done on time, with photos of the brake pads sent to my phone.', '2026-10-05'),
      review('Leanne B.', 4, 'Friendly front desk and an honest quote on the tyres.', '2026-07-22'),
    ],
  }),
  place({
    id: '2401', name: 'Southern Cross Mitsubishi & MG Liverpool', slug: 'southern-cross-mitsubishi-mg-liverpool', type: 'sales',
    dealership: dealer('24'), manufacturers: ['mitsubishi', 'mg'], street: '350 Hume Highway', city: 'Liverpool', state: 'NSW', postcode: '2170',
    lat: -33.9161, long: 150.9093, phone: '(02) 5550 2400', licence: 'MD 058812', mvr: 'MVRL 51230', hours: SALES_HOURS, rating: 4.3, reviews: 515,
    reviewItems: [
      review('Chris T.', 5, 'Bought an Outlander PHEV. They set up the app and the charging cable before I drove off.', '2026-10-29'),
      review('Mei L.', 4, 'Clear pricing on the MG ZS and no hard sell.', '2026-08-03'),
    ],
  }),
  place({
    id: '2501', name: 'Southern Cross Nissan & Volkswagen Broadmeadow', slug: 'southern-cross-nissan-volkswagen-broadmeadow', type: 'sales',
    dealership: dealer('25'), manufacturers: ['nissan', 'volkswagen'], street: '25 Lambton Road', city: 'Broadmeadow', state: 'NSW', postcode: '2292',
    lat: -32.9234, long: 151.7368, phone: '(02) 5550 2500', licence: 'MD 060334', mvr: 'MVRL 53307', hours: SALES_HOURS, rating: 4.5, reviews: 433,
    reviewItems: [
      review('Ryan H.', 5, 'Great experience buying our X-Trail e-POWER, the team in Broadmeadow knew the car inside out.', '2026-11-03'),
      review('Tanya R.', 4, 'Test drove a Tiguan and an Amarok back to back, no pressure at all.', '2026-09-09'),
    ],
  }),
  place({
    id: '2601', name: 'Southern Cross Isuzu UTE & Subaru Dandenong', slug: 'southern-cross-isuzu-subaru-dandenong', type: 'sales',
    dealership: dealer('26'), manufacturers: ['isuzu-ute', 'subaru'], street: '210 Princes Highway', city: 'Dandenong', state: 'VIC', postcode: '3175',
    lat: -37.9857, long: 145.2037, phone: '(03) 5550 2600', licence: 'LMCT 11482', hours: SALES_HOURS, rating: 4.7, reviews: 611,
    reviewItems: [
      review('Steve P.', 5, 'Picked up a D-Max for the business. Tray, towbar and canopy fitted before delivery.', '2026-11-15'),
      review('Olivia J.', 5, 'Our Forester came with a full tank and a proper walk-through of EyeSight.', '2026-10-02'),
      review('Hamish D.', 4, 'Good trade-in offer on the old Outback.', '2026-08-25'),
    ],
  }),
  place({
    id: '2701', name: 'Southern Cross Trucks Wacol Sales', slug: 'southern-cross-trucks-wacol-sales', type: 'sales',
    dealership: dealer('27'), manufacturers: TRUCK_BRANDS, street: '30 Boundary Road', city: 'Wacol', state: 'QLD', postcode: '4076',
    lat: -27.5887, long: 152.9309, phone: '(07) 5550 2700', licence: 'MVD 3198402', hours: { weekdays: ['07:30', '17:00'], saturday: 'appointment', sunday: 'closed' }, rating: 4.6, reviews: 201,
    reviewItems: [
      review('Wayne S.', 5, 'Sourced an Isuzu NPR with a pantech body to spec and had it registered in a week.', '2026-10-14'),
      review('Karen E.', 4, 'They understood our fleet needs and organised a demo truck for a week.', '2026-07-30'),
    ],
  }),
  place({
    id: '2702', name: 'Southern Cross Trucks Wacol Service', slug: 'southern-cross-trucks-wacol-service', type: 'service',
    dealership: dealer('27'), manufacturers: TRUCK_BRANDS, street: '30 Boundary Road', city: 'Wacol', state: 'QLD', postcode: '4076',
    lat: -27.5887, long: 152.9309, phone: '(07) 5550 2730', licence: 'MVD 3198402', hours: { weekdays: ['06:00', '18:00'], saturday: ['07:00', '12:00'], sunday: 'closed' }, rating: 4.6, reviews: 87,
    reviewItems: [
      review('Gary L.', 5, 'Open at 6am, so the Hino was serviced before the first delivery run.', '2026-11-18'),
      review('Dean M.', 4, 'Quick turnaround on a Fuso Canter brake job.', '2026-09-24'),
    ],
  }),
  place({
    id: '2801', name: 'Southern Cross Motorcycles Ringwood', slug: 'southern-cross-motorcycles-ringwood', type: 'sales',
    dealership: dealer('28'), manufacturers: BIKE_BRANDS, street: '77 Maroondah Highway', city: 'Ringwood', state: 'VIC', postcode: '3134',
    lat: -37.8136, long: 145.2252, phone: '(03) 5550 2800', licence: 'LMCT 12967', hours: { weekdays: ['09:00', '17:30'], saturday: ['09:00', '16:00'], sunday: ['10:00', '15:00'] }, rating: 4.8, reviews: 947,
    reviewItems: [review('Luke R.', 5, 'Picked up my first MT-07 on my LAMS. They set the bike up for me and walked me through everything.', '2026-11-02')],
  }),
  place({
    id: '2901', name: 'Southern Cross Pre-Owned Moorabbin', slug: 'southern-cross-pre-owned-moorabbin', type: '', subtype: 'Pre-Owned Sales & Buying',
    dealership: dealer('29'), manufacturers: [], street: '820 Nepean Highway', city: 'Moorabbin', state: 'VIC', postcode: '3189',
    lat: -37.9368, long: 145.0389, phone: '(03) 5550 2900', licence: 'LMCT 10553', hours: SALES_HOURS, rating: 4.2, reviews: 377,
    reviewItems: [
      review('Aisha Y.', 5, 'Sold my car to them in under an hour with a fair offer and the money the same day.', '2026-11-06'),
      review('Ben O.', 4, 'Good used Corolla with full service history. Paperwork was quick.', '2026-08-30'),
      review('Tim V.', 2, 'Felt rushed during the test drive.', '2026-09-12'),
    ],
  }),
];

const BLURBS: Record<string, string> = {
  hyundai: 'From the i30 to the Tucson, Santa Fe and the all-electric Ioniq 5, Hyundai backs every new car with a 5 year unlimited kilometre warranty.',
  kia: 'Kia\'s Sportage, Sorento and Carnival are family favourites, and every new Kia comes with a 7 year unlimited kilometre warranty.',
  mazda: 'Mazda\'s CX-5, CX-30 and BT-50 combine premium cabins with efficient Skyactiv engines.',
  ford: 'The Ranger is Australia\'s favourite ute, joined by the Everest, Mustang and the Transit range.',
  mitsubishi: 'The Triton, Outlander and Pajero Sport are built for Australian conditions, with a 10 year conditional warranty when serviced on time.',
  mg: 'MG offers exceptional value with the ZS, HS and MG3 Hybrid+.',
  nissan: 'From the X-Trail and Qashqai e-POWER to the legendary Patrol, Nissan has a vehicle for every adventure.',
  volkswagen: 'Volkswagen\'s Golf, Tiguan and Amarok bring German engineering to work and play.',
  'isuzu-ute': 'The Isuzu D-Max and MU-X are tough, reliable and backed by a 6 year warranty.',
  subaru: 'Every Subaru car features Symmetrical All-Wheel Drive, from the Crosstrek to the Outback.',
  'isuzu-trucks': 'Isuzu has been Australia\'s number one truck brand for more than three decades, led by the N Series.',
  hino: 'Hino\'s 300 and 500 Series trucks combine Japanese reliability with class-leading safety.',
  fuso: 'The Fuso Canter and Fighter are built for city deliveries and regional haulage alike.',
  yamaha: 'From the learner-approved MT-07 LAMS to the Tenere 700, Yamaha motorcycles are built to be ridden.',
  kawasaki: 'Kawasaki\'s Ninja 400 and Z range deliver sharp handling for new and experienced riders.',
  'harley-davidson': 'Harley-Davidson cruisers and touring bikes, from the Sportster S to the Street Glide.',
};

const locationOf = (maker: string) => locations.find((l) => (l.manufacturers ?? []).includes(maker));

const bodyOf: Record<string, string> = { 'isuzu-trucks': 'lightTruck', hino: 'cabChassis', fuso: 'lightTruck', yamaha: 'motorcycle', kawasaki: 'motorcycle', 'harley-davidson': 'motorcycle' };

export const southernCross: DemoTenant = {
  logo: { text: 'Southern Cross', colours: { background: PRIMARY, foreground: '#ffffff', accent: '#f5b301' } },
  config: {
    slug: SLUG,
    name: NAME,
    hosts: ['www.southerncrossmotorgroup.com.au', 'southerncrossmotorgroup.com.au'],
    template: 'group',
    site_url: 'https://www.southerncrossmotorgroup.com.au',
    time_zone: 'Australia/Brisbane',
    default_state: 'QLD',
    contact: { phone: '1300 975 707', email: 'hello@southerncrossmotorgroup.com.au' },
    // Fictional business details (the ABN fails the ATO's checksum on purpose: no real business has it).
    business: {
      legal_name: 'Southern Cross Motor Group Holdings Pty Ltd',
      abn: '98 765 432 109',
      social: { facebook: 'https://www.facebook.com/example-southern-cross-motor-group', instagram: 'https://www.instagram.com/example-southern-cross-motor-group', linkedin: 'https://www.linkedin.com/company/example-southern-cross-motor-group', youtube: 'https://www.youtube.com/@example-southern-cross-motor-group' },
    },
    seo: {
      title: 'Southern Cross Motor Group | Cars, Trucks & Motorcycles in QLD, NSW and VIC',
      description: '16 brands across 13 locations in Queensland, New South Wales and Victoria. New, demo and used cars, trucks and motorcycles.',
    },
    theme: {
      colors: { primary: PRIMARY, primaryContrast: '#ffffff', secondary: '#f5b301', background: '#ffffff', surface: '#f1f5f9', text: '#0f172a', muted: '#475569' },
      fonts: { body: 'plus-jakarta-sans', heading: 'plus-jakarta-sans' },
      elevation: 'lifted',
      logo: { url: img.logo(SLUG), alt: `${NAME} logo`, ...logoSize('Southern Cross') },
      radius: '10px',
    },
    features: {
      brand_grid: true,
      promo_card: true,
      compare: true,
      market_price: true,
      delivery_calculator: true,
      twitter_share: false,
      show_dealer_licence: true,
      electric_tag: true,
      terms_required: true,
      gated_personalised_finance: true,
      // Reserve online behind sign-in: the group wants to know who holds a car (spec §6 conditionally gated checkout).
      reserve_online: true,
      gated_checkout: true,
      // Service centres' cards say 'Book a Service': Southern Cross Trucks' goes to its own booking site.
      location_book_service: true,
    },
    // The group template's sections, with the 'Our Locations' carousel of its sales and pre-owned yards (9: Swipe hint),
    // then 'What our customers say'.
    home: {
      sections: [
        { kind: 'hero' }, { kind: 'quick-search' }, { kind: 'brands' }, { kind: 'stock-strip', strip: 'new-arrivals' }, { kind: 'stock-strip', strip: 'specials' },
        { kind: 'prompts' }, { kind: 'offers' }, { kind: 'locations', params: { show: 'sales', layout: 'carousel' } }, { kind: 'reviews' },
      ],
    },
    menus: {
      header: [
        { label: 'Home', href: '/' },
        {
          label: 'Vehicles', href: '/brands', kind: 'brands',
          children: [
            { label: 'Cars', href: '/brands', children: CAR_BRANDS.map((b) => ({ label: makeBySlug(b).name, href: `/${b}/overview` })) },
            { label: 'Trucks', href: '/brands', children: TRUCK_BRANDS.map((b) => ({ label: makeBySlug(b).name, href: `/${b}/overview` })) },
            { label: 'Motorcycles', href: '/brands', children: BIKE_BRANDS.map((b) => ({ label: makeBySlug(b).name, href: `/${b}/overview` })) },
          ],
        },
        { label: 'Offers', href: '/special-offers' },
        {
          label: 'Our Stock', href: '/search/new-used-and-demo-cars', kind: 'stock',
          children: [
            { label: 'New Vehicles', href: '/search/new-cars' },
            { label: 'Demo Vehicles', href: '/search/demo-cars' },
            { label: 'Used Vehicles', href: '/search/used-cars' },
            { label: 'Trucks', href: '/search/lightTruck' },
            { label: 'Utes', href: '/search/ute' },
            { label: 'All Stock', href: '/search/new-used-and-demo-cars' },
          ],
        },
        {
          label: 'Finance', href: '/finance',
          children: [
            { label: 'Car Finance', href: '/finance' },
            { label: 'Apply for Finance', href: '/apply-for-finance' },
            { label: 'Finance & Insurance', href: '/finance-and-insurance' },
          ],
        },
        {
          label: 'Service', href: '/service',
          children: [
            { label: 'Book a Service', href: '/service' },
            { label: 'Parts & Accessories', href: '/vehicle-parts-and-accessories' },
            { label: 'Capped Price Servicing', href: '/capped-price-servicing' },
          ],
        },
        {
          label: 'Company', href: '/about-us',
          children: [
            { label: 'About Us', href: '/about-us' },
            { label: 'Our Brands', href: '/brands' },
            { label: 'Locations', href: '/locations' },
            { label: 'Dealer Locator', href: '/dealer-locator' },
            { label: 'Fleet', href: '/fleet' },
            { label: 'Careers', href: '/careers' },
            { label: 'Contact Us', href: '/contact' },
          ],
        },
      ],
      footer: standardFooter(NAME),
    },
    announcement: { text: 'Now open: Southern Cross Motorcycles Ringwood. Yamaha, Kawasaki and Harley-Davidson under one roof.', href: '/locations/southern-cross-motorcycles-ringwood', link_label: 'Find us' },
    promo_popup: {
      id: 'summer-drive-away-2026',
      title: 'Summer Drive-Away Sale',
      description: 'Drive-away pricing on hundreds of new and demo vehicles across all 16 brands, plus $1,000 off accessories.',
      image: img.banner('suv', 'f2f3f0', PRIMARY),
      button: { label: 'Shop the sale', href: '/special-offers' },
      start: '2026-11-01',
      expiry: '2027-06-30',
    },
    banners: [
      { title: '16 brands. 13 locations. One group.', subtitle: 'Cars, trucks and motorcycles across QLD, NSW and VIC', image: img.banner('suv', 'b9bec4', PRIMARY), href: '/brands' },
      { title: 'Work-ready trucks', subtitle: 'Isuzu, Hino and Fuso at Wacol', image: img.banner('lightTruck', 'f2f3f0', '#1e293b'), href: '/search/lightTruck' },
      { title: 'Ride away this summer', subtitle: 'LAMS-approved bikes from $8,500', image: img.banner('motorcycle', '1f4e8c', '#0f172a'), href: '/search/yamaha' },
    ],
    dealerships: dealerships.map((d) => d.id),
    locations: locations.map((l) => l.id),
    brands: ALL_BRANDS,
    // The group's stats banner on its brand grid (spec §9).
    stats: [{ value: '50+', label: 'Locations' }, { value: '40+', label: 'Brands' }, { value: '30+', label: 'Years Est.' }],
    // The Isuzu UTE dealership's models: /models/d-max and /models/mu-x.
    stock: { models: ['D-Max', 'MU-X'] },
    search: {
      grid_columns: 4,
      popular_makes_count: 10,
      popular_makes_headings: true,
      // Spec §9: the group's 'Popular Makes' are its 20 best-stocked makes; the others follow under 'All Makes'.
      popular_makes_boundary: 20,
      card_title: 'detailed',
      card_chips: ['car_type', 'simple_body', 'km', 'simple_transmission', 'stocknum', 'fuel'],
      sort_options: ['relevance', 'latest', 'price_desc', 'price_asc', 'km_asc'],
      promo_card_position: 7,
      new_arrival_label: 'New Arrival',
    },
    include_sold_cars_days: 7,
    finance: {
      providers: ['Taurus', 'Angle', 'Nissan Finance', 'Manual'],
      default_interest: 10,
      interest_min: 7.5,
      interest_max: 14.5,
      default_term_years: 5,
      max_term_years: 7,
      establishment_fee: 395,
      disclaimer: 'Fees apply: establishment $395, security registration $6, monthly account keeping $8. Estimate only; subject to lender approval.',
    },
    // Trade-in journey (issue 18, spec §9): no online estimate over 10 years or 100,000 km.
    trade_in: { max_age_years: 10, max_km: 100_000 },
    remotes: DEMO_REMOTES,
  },
  data: {
    locations,
    dealerships: dealerships.map((d) => ({
      id: d.id, slug: d.slug, name: d.name, average_rating: d.rating, review_count: d.reviews,
      websites: [
        ...d.makes.map((m) => ({
          name: d.makes.length > 1 ? `${d.name} (${makeBySlug(m).name})` : d.name,
          slug: d.makes.length > 1 ? `${d.slug}-${m}` : d.slug,
          make: makeBySlug(m).make as string | null,
          url: `https://www.southerncrossmotorgroup.com.au/${m}/overview`,
          logo: { url: img.logo(m) },
        })),
        // The pre-owned yard sells every make.
        ...(d.makes.length ? [] : [{ name: d.name, slug: d.slug, make: null, url: 'https://www.southerncrossmotorgroup.com.au/search/used-cars', logo: { url: img.logo(SLUG) } }]),
      ],
      service_booking_url: d.id === '27' ? 'https://service.southerncrosstrucks.com.au/book' : null,
    })),
    manufacturers: ALL_BRANDS.map((slug) => {
      const m = makeBySlug(slug);
      return { id: `m-${slug}`, name: m.name, slug, logo: { url: img.logo(slug) }, category: m.kind };
    }),
    brands: ALL_BRANDS.map((slug) => {
      const m = makeBySlug(slug);
      const where = locationOf(slug);
      return {
        title: m.name,
        slug,
        logo: img.logo(slug),
        banner: img.banner(bodyOf[slug] ?? 'suv', 'f2f3f0', m.colours.background),
        description: [
          BLURBS[slug] ?? `${m.name} vehicles are sold and serviced across the group.`,
          where
            ? `Visit ${where.name} at ${where.address.street}, ${where.address.city} ${where.address.state}, for sales, test drives and finance.`
            : `Ask any Southern Cross dealership about ${m.name}.`,
          'Southern Cross Motor Group has served Australian drivers for over 30 years, with 13 locations across three states.',
        ],
      };
    }),
    offers: [
      {
        id: '5201', name: 'Tucson Elite: $2,000 factory bonus', description: 'Save on a new Hyundai Tucson Elite with a $2,000 factory bonus.',
        disclaimer: 'Factory bonus applies to new Tucson Elite vehicles ordered and delivered by 31 January 2027. Not available with other offers.',
        url: '/search/hyundai/tucson', hide_overlay: false, image_or_model_image: { url: img.car('suv', 'b9bec4', 0, 'hyundai-tucson') },
        model: { slug: 'tucson', name: 'Tucson' }, manufacturer_slug: 'hyundai', expiry: '2027-01-31',
      },
      {
        id: '5202', name: 'Ranger XLT from 4.99% p.a.', description: 'Low-rate finance on Ranger XLT double cab through approved lenders.',
        disclaimer: 'Comparison rate 5.87% p.a. based on a secured loan of $30,000 over 5 years. WARNING: This comparison rate is true only for the example given and may not include all fees and charges. Approved applicants only.',
        url: '/search/ford/ranger', hide_overlay: false, image_or_model_image: { url: img.car('ute-tub', '1f4e8c', 0, 'ford-ranger') },
        model: { slug: 'ranger', name: 'Ranger' }, manufacturer_slug: 'ford', expiry: '2027-03-31',
      },
      {
        id: '5203', name: 'Sportage S drive-away $39,990', description: 'Kia Sportage S 2.0L petrol FWD, drive-away.',
        disclaimer: 'Drive-away price includes registration, stamp duty and dealer delivery for private buyers in QLD.',
        url: '/search/kia/sportage', hide_overlay: true, image_or_model_image: { url: img.car('suv', 'b3141e', 0, 'kia-sportage') },
        model: { slug: 'sportage', name: 'Sportage' }, manufacturer_slug: 'kia', expiry: '2027-02-28',
      },
      {
        id: '5204', name: 'Isuzu N Series: free tray and toolbox', description: 'Buy a new NLR or NNR 45-150 AMT and get a steel tray and toolbox fitted free.',
        disclaimer: 'Tray and toolbox supplied and fitted by Southern Cross Trucks. ABN holders only.',
        url: '/search/isuzu/n-series', hide_overlay: false, image_or_model_image: { url: img.car('lightTruck', 'f2f3f0', 0, 'isuzu-n-series') },
        model: { slug: 'n-series', name: 'N Series' }, manufacturer_slug: 'isuzu-trucks', expiry: '2027-06-30',
      },
      {
        id: '5205', name: 'Yamaha MT-07 LAMS ride-away $11,999', description: 'Learner-approved MT-07 with free first service.',
        disclaimer: 'Ride-away price includes 12 months registration and CTP in VIC. While stocks last.',
        url: '/search/yamaha/mt-07', hide_overlay: false, image_or_model_image: { url: img.car('motorcycle', '1f4e8c', 0, 'yamaha-mt-07') },
        model: { slug: 'mt-07', name: 'MT-07' }, manufacturer_slug: 'yamaha', expiry: '2027-04-30',
      },
      {
        id: '5206', name: 'MG ZS Excite from $25,990 drive-away', description: 'Seven year warranty and drive-away pricing on the MG ZS Excite.',
        disclaimer: 'Drive-away price for private buyers in NSW. Metallic paint extra.',
        url: '/search/mg/zs', hide_overlay: false, image_or_model_image: { url: img.car('suv', 'f2f3f0', 0, 'mg-zs') },
        model: { slug: 'zs', name: 'ZS' }, manufacturer_slug: 'mg', expiry: '2027-01-31',
      },
      {
        id: '5207', name: 'D-Max LS-U crew cab: 5.99% p.a. finance', description: 'Low-rate finance on new Isuzu D-Max LS-U 4x4 crew cab utes, with a free tow pack.',
        disclaimer: 'Comparison rate 6.89% p.a. based on a secured loan of $30,000 over 5 years. WARNING: This comparison rate is true only for the example given and may not include all fees and charges. Tow pack: towbar, tongue and wiring harness, fitted at Southern Cross Isuzu UTE Dandenong. Approved ABN and private applicants only. Ends 31 January 2027.',
        url: '/search/isuzu-ute/d-max', hide_overlay: false, image_or_model_image: { url: img.car('ute-tub', 'f2f3f0', 0, 'isuzu-ute-d-max') },
        model: { slug: 'd-max', name: 'D-Max' }, manufacturer_slug: 'isuzu-ute', expiry: '2027-01-31',
      },
      {
        id: '5208', name: 'MU-X LS-T: $2,500 bonus accessories', description: 'Choose $2,500 of genuine Isuzu UTE accessories with any new MU-X LS-T ordered this summer.',
        disclaimer: 'Bonus accessories to a retail value of $2,500 (fitting included) with new MU-X LS-T vehicles ordered and delivered by 28 February 2027. Not redeemable for cash.',
        url: '/search/isuzu-ute/mu-x', hide_overlay: false, image_or_model_image: { url: img.car('suv', '3b3f45', 0, 'isuzu-ute-mu-x') },
        model: { slug: 'mu-x', name: 'MU-X' }, manufacturer_slug: 'isuzu-ute', expiry: '2027-02-28',
      },
    ],
    special_hours: holidayHours(locations.map((l) => l.id), [['2026-11-03', ['12:00', '17:00']]]),
  },
  stock: {
    defaultCount: 1800,
    benchCount: 6000,
    idBase: 2_000_000,
    stockPrefix: 'SC',
    carTypes: [['new', 45], ['demo', 12], ['used', 43]],
    locationWeights: { '2101': 14, '2201': 18, '2301': 14, '2401': 12, '2501': 10, '2601': 10, '2701': 10, '2801': 10, '2901': 12 },
    usedOwnMakeShare: 0.5,
    usedMakes: ['toyota', 'hyundai', 'kia', 'mazda', 'mitsubishi', 'ford', 'nissan', 'isuzu-ute', 'mg', 'subaru', 'volkswagen', 'holden', 'honda', 'suzuki', 'bmw', 'mercedes-benz', 'tesla', 'skoda'],
    subscriptionShare: 0.03,
    youxShare: 0,
    distribution: {
      '2101': ['Brisbane Metro', 'Gold Coast', 'Logan'], '2201': ['Brisbane Metro', 'Redlands'], '2301': ['Greater Western Sydney', 'Blue Mountains'],
      '2401': ['Greater Western Sydney', 'Sydney Metro'], '2501': ['Newcastle', 'Hunter Valley', 'Central Coast'], '2601': ['Melbourne Metro', 'Mornington Peninsula'],
      '2701': ['South East Queensland', 'Darling Downs'], '2801': ['Melbourne Metro', 'Yarra Valley'], '2901': ['Melbourne Metro', 'Geelong'],
    },
  },
};
