/**
 * Outback Used Cars (fictional): a used-car specialist with yards in Toowoomba, Dubbo and Alice Springs.
 * Used stock only, reserve online, finance pre-approval and 'Get Finance Now'; template 'used'.
 */
import { makeBySlug } from '../src/catalogue.ts';
import { DEMO_REMOTES, holidayHours, img, location, logoSize, standardFooter, type DemoTenant } from '../src/kit.ts';

const SLUG = 'outback-used-cars';
const NAME = 'Outback Used Cars';
const PRIMARY = '#9a3f07';
const dealership = { id: '31', slug: SLUG };
const USED_MAKES = ['toyota', 'ford', 'mitsubishi', 'nissan', 'isuzu-ute', 'holden', 'mazda', 'hyundai', 'kia', 'volkswagen', 'subaru', 'suzuki', 'honda', 'mg', 'bmw', 'mercedes-benz', 'tesla', 'byd'];

const locations = [
  location({
    id: '3101', name: 'Outback Used Cars Toowoomba', slug: 'outback-used-cars-toowoomba', type: 'used', primary: true, dealership,
    manufacturers: [], street: '415 Ruthven Street', city: 'Toowoomba', state: 'QLD', postcode: '4350', lat: -27.5703, long: 151.9531,
    phone: '(07) 5550 3100', licence: 'MVD 3227719', hours: { weekdays: ['08:00', '17:30'], saturday: ['08:00', '15:00'], sunday: 'closed' },
    rating: 4.8, reviews: 1389, brandColour: PRIMARY,
    reviewItems: [
      { author: 'Shane O.', rating: 5, text: 'Reserved a HiLux online on Friday night, picked it up Monday. Finance was sorted before I walked in.', date: '2026-11-10' },
      { author: 'Kylie D.', rating: 5, text: 'Honest people. They told me exactly what the car needed and fixed it before delivery.', date: '2026-10-01' },
      { author: 'Brett H.', rating: 4, text: 'Good range of utes and fair prices. Would have liked a longer test drive.', date: '2026-08-19' },
    ],
  }),
  location({
    id: '3102', name: 'Outback Used Cars Dubbo', slug: 'outback-used-cars-dubbo', type: '', subtype: 'Pre-owned sales', dealership,
    manufacturers: [], street: '160 Cobra Street', city: 'Dubbo', state: 'NSW', postcode: '2830', lat: -32.2489, long: 148.6102,
    phone: '(02) 5550 3200', licence: 'MD 063390', mvr: 'MVRL 55102',
    hours: { weekdays: [['08:30', '17:30'], ['08:30', '17:30'], ['08:30', '17:30'], ['08:30', '17:30'], ['08:30', '17:00']], saturday: ['08:30', '12:30'], sunday: 'closed' },
    rating: 4.6, reviews: 412, brandColour: PRIMARY,
    reviewItems: [
      { author: 'Jodie S.', rating: 5, text: 'Drove over from Wellington for a LandCruiser. It was exactly as described and they had the roadworthy done.', date: '2026-11-04' },
      { author: 'Craig B.', rating: 4, text: 'Fair price on a Triton and a quick finance approval. Closed a bit early on the Friday.', date: '2026-09-16' },
      { author: 'Emma T.', rating: 3, text: 'Car was good but the detailing was rushed.', date: '2026-10-08' },
    ],
  }),
  location({
    id: '3103', name: 'Outback Used Cars Alice Springs', slug: 'outback-used-cars-alice-springs', type: 'used', dealership,
    manufacturers: [], street: '55 Stuart Highway', city: 'Alice Springs', state: 'NT', postcode: '0870', lat: -23.6902, long: 133.8762,
    phone: '(08) 5550 3300', licence: 'NT MVD 1742', hours: { weekdays: ['08:00', '17:00'], saturday: 'appointment', sunday: 'closed' },
    rating: 3.9, reviews: 88, brandColour: PRIMARY,
  }),
];

export const outback: DemoTenant = {
  logo: { text: NAME, colours: { background: '#2b1d0e', foreground: '#ffffff', accent: '#f59e0b' } },
  config: {
    slug: SLUG,
    name: NAME,
    hosts: ['www.outbackusedcars.com.au', 'outbackusedcars.com.au'],
    template: 'used',
    site_url: 'https://www.outbackusedcars.com.au',
    time_zone: 'Australia/Brisbane',
    default_state: 'QLD',
    contact: { phone: '1300 975 708', email: 'yard@outbackusedcars.com.au' },
    // Fictional business details (the ABN fails the ATO's checksum on purpose: no real business has it).
    business: {
      legal_name: 'Outback Used Cars Pty Ltd',
      abn: '11 222 333 444',
      social: { facebook: 'https://www.facebook.com/example-outback-used-cars', tiktok: 'https://www.tiktok.com/@example-outback-used-cars', instagram: 'https://www.instagram.com/example-outback-used-cars' },
    },
    seo: {
      title: 'Outback Used Cars | Quality Used Utes, 4x4s and SUVs in Toowoomba, Dubbo and Alice Springs',
      description: 'Hundreds of inspected used cars, utes and 4x4s. Reserve online, get pre-approved for finance in minutes and drive away.',
    },
    theme: {
      colors: { primary: PRIMARY, primaryContrast: '#ffffff', secondary: '#f59e0b', background: '#fffaf2', surface: '#fff1dc', text: '#2b1d0e', muted: '#6b4f2a' },
      fonts: { body: 'dm-sans', heading: 'oswald' },
      elevation: 'flat',
      heading_case: 'uppercase',
      logo: { url: img.logo(SLUG), alt: `${NAME} logo`, ...logoSize(NAME) },
      radius: '14px',
    },
    features: {
      reserve_online: true,
      buy_online: true,
      finance_preapproval: true,
      get_finance_now: true,
      youx_quote: true,
      market_price: true,
      promo_card: true,
      phone_reveal_open: true,
      enquiry_postcode_required: true,
      gated_checkout: false,
      value_my_car_terms_under_pages: true,
    },
    menus: {
      header: [
        { label: 'Home', href: '/' },
        {
          label: 'Vehicles', href: '/search/used-cars', kind: 'models',
          children: [
            { label: 'Toyota HiLux', href: '/search/toyota/hilux' },
            { label: 'Ford Ranger', href: '/search/ford/ranger' },
            { label: 'Toyota LandCruiser', href: '/search/toyota/landcruiser' },
            { label: 'Mitsubishi Triton', href: '/search/mitsubishi/triton' },
            { label: 'Isuzu D-Max', href: '/search/isuzu/d-max' },
            { label: 'Holden Colorado', href: '/search/holden/colorado' },
            { label: 'Mazda CX-5', href: '/search/mazda/cx-5' },
          ],
        },
        { label: 'Offers', href: '/special-offers' },
        {
          label: 'Our Stock', href: '/search/used-cars', kind: 'stock',
          children: [
            { label: 'All Used Cars', href: '/search/used-cars' },
            { label: 'Utes', href: '/search/ute' },
            { label: 'SUVs', href: '/search/suv' },
            { label: '4x4s', href: '/search/4x4' },
            { label: 'Toowoomba Yard', href: '/search/outback-used-cars-toowoomba' },
            { label: 'Dubbo Yard', href: '/search/outback-used-cars-dubbo' },
            { label: 'Alice Springs Yard', href: '/search/outback-used-cars-alice-springs' },
          ],
        },
        {
          label: 'Finance', href: '/finance',
          children: [
            { label: 'Get Pre-Approved', href: '/finance' },
            { label: 'Apply for Finance', href: '/apply-for-finance' },
            { label: 'Finance Enquiry', href: '/finance-enquiry' },
          ],
        },
        { label: 'Service', href: '/service', children: [{ label: 'Book a Service', href: '/service' }, { label: 'Warranty', href: '/warranty' }] },
        {
          label: 'Company', href: '/about-us',
          children: [
            { label: 'About Us', href: '/about-us' },
            { label: 'Sell My Car', href: '/sell-my-car' },
            { label: 'Our Yards', href: '/locations' },
            { label: 'Contact Us', href: '/contact' },
          ],
        },
      ],
      footer: standardFooter(NAME, { usedOnly: true }),
    },
    announcement: { text: 'Reserve any car online for $200, fully refundable within 48 hours.', href: '/search/used-cars', link_label: 'Browse stock' },
    promo_popup: {
      id: 'we-want-your-car',
      title: 'We Want Your Car!',
      description: 'We buy all types of cars. Our high turnover means we can pay more. Get an offer in minutes.',
      image: img.banner('ute', 'd2691e', '#2b1d0e'),
      button: { label: 'Value my car', href: '/sell-my-car' },
      start: '2026-09-01',
      expiry: '2027-08-31',
    },
    banners: [
      { title: 'Built for the bush', subtitle: 'Inspected utes and 4x4s, ready for work', image: img.banner('ute', 'f2f3f0', PRIMARY), href: '/search/ute' },
      { title: 'Get Finance Now', subtitle: 'Pre-approval with no impact on your credit score', image: img.banner('suv', 'b9bec4', '#2b1d0e'), href: '/finance' },
    ],
    dealerships: ['31'],
    locations: locations.map((l) => l.id),
    brands: [],
    stock: { models: [] },
    search: {
      used_only: true,
      card_chips: ['car_type', 'simple_body', 'km', 'simple_transmission', 'stocknum'],
      sort_options: ['relevance', 'latest', 'price_desc', 'price_asc', 'km_asc'],
      promo_card_position: 5,
      promo_card_random: true,
      sold_tag: 'SOLD',
      new_arrival_label: 'Just Arrived',
      popular_makes_count: 7,
      // The card's control picks cars to compare side by side (on the saved cars page), not favourites.
      card_control: 'compare',
    },
    include_sold_cars_days: 5,
    // Used stock: an expired registration is said plainly; the 360 viewer opens on the photos (spec §4: some sites).
    vdp_config: { show_map_section: true, show_unregistered: true, spin_default_view: 'gallery' },
    finance: {
      providers: ['360 Finance', 'AusLoans', 'Taurus'],
      default_interest: 11.95,
      interest_min: 9.95,
      interest_max: 19.95,
      default_term_years: 6,
      max_term_years: 7,
      establishment_fee: 1300,
      disclaimer: 'Quick estimate based on a 5 year term, 10% deposit and 30% final payment. Subject to credit approval; fees and charges apply.',
    },
    reserve_amount: 200,
    // Trade-in journey (issue 18, spec §9): no online estimate over 7 years or 100,000 km; the phone verified by text first.
    trade_in: { max_age_years: 7, max_km: 100_000, verify_phone: true },
    remotes: DEMO_REMOTES,
  },
  data: {
    locations,
    dealerships: [
      {
        id: '31', slug: SLUG, name: NAME, average_rating: 4.7, review_count: 1889,
        websites: [{ name: NAME, slug: SLUG, make: null, url: 'https://www.outbackusedcars.com.au', logo: { url: img.logo(SLUG) } }],
        service_booking_url: null,
      },
    ],
    // Make cards on the search page show these logos (spec §2 Search results).
    manufacturers: USED_MAKES.map((slug) => ({ id: `m-${slug}`, name: makeBySlug(slug).name, slug, logo: { url: img.logo(slug) }, category: 'car' as const })),
    brands: [],
    offers: [
      {
        id: '5301', name: 'We Want Your Car!', description: 'We buy all types of cars. Our high turnover means we can pay more.',
        disclaimer: 'Offer subject to inspection. Valuation valid for 7 days.', url: '/sell-my-car', hide_overlay: true,
        image_or_model_image: { url: img.car('ute-tub', 'd2691e', 0, 'we-want-your-car') }, model: null, manufacturer_slug: null, expiry: null,
      },
      {
        id: '5302', name: '12 months warranty on every ute', description: 'Every used ute over $20,000 comes with a 12 month mechanical warranty.',
        disclaimer: 'Warranty provided by a third-party warranty provider; terms and exclusions apply.', url: '/search/ute', hide_overlay: false,
        image_or_model_image: { url: img.car('ute-tub', 'f2f3f0', 0, 'used-utes') }, model: null, manufacturer_slug: null, expiry: '2027-06-30',
      },
      {
        id: '5303', name: 'Free roadside assist for 12 months', description: 'Drive away with 12 months of roadside assistance on any car.',
        disclaimer: 'Roadside assistance provided by a third party; conditions apply.', url: '/search/used-cars', hide_overlay: false,
        image_or_model_image: { url: img.car('suv', 'b3141e', 0, 'used-suvs') }, model: null, manufacturer_slug: null, expiry: '2027-03-31',
      },
    ],
    special_hours: holidayHours(locations.map((l) => l.id)),
  },
  stock: {
    defaultCount: 700,
    benchCount: 2500,
    idBase: 3_000_000,
    stockPrefix: 'OU',
    carTypes: [['used', 1]],
    locationWeights: { '3101': 55, '3102': 30, '3103': 15 },
    usedOwnMakeShare: 0,
    usedMakes: USED_MAKES,
    usedBodyBias: { ute: 2.2, '4x4': 1.8, cabChassis: 1.5, coupe: 0.5, softtop: 0.5 },
    subscriptionShare: 0.04,
    youxShare: 0.35,
    distribution: { '3101': ['Darling Downs', 'South East Queensland'], '3102': ['Central West NSW', 'Orana'], '3103': ['Central Australia'] },
  },
};
