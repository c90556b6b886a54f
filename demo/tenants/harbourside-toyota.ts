/**
 * Harbourside Toyota (fictional): a single-brand franchised Toyota dealer in Brisbane's bayside suburbs.
 * New, demo and used stock; one sales and one service location; template 'franchise'.
 */
import { DEMO_REMOTES, holidayHours, img, location, logoSize, standardFooter, type DemoTenant } from '../src/kit.ts';

const SLUG = 'harbourside-toyota';
const NAME = 'Harbourside Toyota';
const PRIMARY = '#b0081a';
const dealership = { id: '11', slug: SLUG };

const sales = location({
  id: '1101', name: 'Harbourside Toyota Sales', slug: 'harbourside-toyota-sales', type: 'sales', primary: true, dealership,
  manufacturers: ['toyota'], street: '1480 Wynnum Road', city: 'Tingalpa', state: 'QLD', postcode: '4173', lat: -27.4731, long: 153.1283,
  phone: '(07) 5550 1200', landline: '(07) 5550 1201', licence: 'MVD 3140827',
  hours: { weekdays: ['08:30', '17:30'], saturday: ['08:30', '16:00'], sunday: 'closed' },
  rating: 4.7, reviews: 812, brandColour: PRIMARY,
  reviewItems: [
    { author: 'Megan T.', rating: 5, text: 'Picked up our new RAV4 Hybrid on Saturday. Jason explained every feature and had the car detailed and ready on time.', date: '2026-10-18' },
    { author: 'Ravi P.', rating: 5, text: 'Fair trade-in offer on our old Corolla and no pressure at all. Would buy here again.', date: '2026-09-02' },
    { author: 'Dianne K.', rating: 4, text: 'Good experience overall; the finance paperwork took a little longer than expected.', date: '2026-07-21' },
  ],
});

const service = location({
  id: '1102', name: 'Harbourside Toyota Service', slug: 'harbourside-toyota-service', type: 'service', dealership,
  manufacturers: ['toyota'], street: '38 Tingal Road', city: 'Wynnum', state: 'QLD', postcode: '4178', lat: -27.4362, long: 153.1617,
  phone: '(07) 5550 1230', licence: 'MVD 3140827',
  hours: { weekdays: ['07:00', '17:00'], saturday: 'appointment', sunday: 'closed' },
  rating: 4.5, reviews: 356, brandColour: PRIMARY,
  reviewItems: [
    { author: 'Greg W.', rating: 5, text: 'Capped price service done in under two hours, with a free wash and a courtesy shuttle to the station.', date: '2026-10-30' },
    { author: 'Alicia M.', rating: 4, text: 'Friendly advisors and clear pricing. Booking online was easy.', date: '2026-08-11' },
  ],
});

export const harbourside: DemoTenant = {
  logo: { text: NAME, colours: { background: PRIMARY, foreground: '#ffffff' } },
  config: {
    slug: SLUG,
    name: NAME,
    hosts: ['www.harbourside-toyota.com.au', 'harbourside-toyota.com.au'],
    template: 'franchise',
    manufacturer: 'toyota',
    site_url: 'https://www.harbourside-toyota.com.au',
    time_zone: 'Australia/Brisbane',
    default_state: 'QLD',
    contact: { phone: '(07) 5550 1200', email: 'sales@harbourside-toyota.com.au' },
    // Fictional business details (the ABN fails the ATO's checksum on purpose: no real business has it).
    business: {
      legal_name: 'Harbourside Motors Pty Ltd',
      abn: '12 345 678 901',
      social: { facebook: 'https://www.facebook.com/example-harbourside-toyota', instagram: 'https://www.instagram.com/example-harbourside-toyota', youtube: 'https://www.youtube.com/@example-harbourside-toyota' },
    },
    seo: {
      title: 'Harbourside Toyota | New, Demo & Used Toyota Dealer in Brisbane Bayside',
      description: 'Browse new Toyota, demo and used cars at Harbourside Toyota in Tingalpa, with servicing in Wynnum. Finance, trade-ins and test drives.',
    },
    theme: {
      colors: { primary: PRIMARY, primaryContrast: '#ffffff', secondary: '#1f2937', background: '#ffffff', surface: '#f5f5f5', text: '#1a1a1a', muted: '#595959' },
      fonts: { body: 'inter', heading: 'inter' },
      logo: { url: img.logo(SLUG), alt: `${NAME} logo`, ...logoSize(NAME) },
      radius: '4px',
    },
    features: {
      market_price: true,
      delivery_calculator: true,
      instant_message: true,
      electric_tag: true,
      show_dealer_licence: true,
      trade_in: true,
      test_drive: true,
      // Spec §4: this dealer takes no test-drive bookings for coming-soon cars (they are not on the lot yet).
      coming_soon_test_drive: false,
      // The Wynnum service centre's card says 'Book a Service' (spec §2 Location block: on some sites).
      location_book_service: true,
    },
    menus: {
      header: [
        { label: 'Home', href: '/' },
        {
          label: 'Vehicles', href: '/search/new-cars', kind: 'models',
          children: [
            { label: 'Corolla', href: '/search/toyota/corolla' },
            { label: 'Camry', href: '/search/toyota/camry' },
            { label: 'Yaris Cross', href: '/search/toyota/yaris-cross' },
            { label: 'Corolla Cross', href: '/search/toyota/corolla-cross' },
            { label: 'RAV4', href: '/search/toyota/rav4' },
            { label: 'Kluger', href: '/search/toyota/kluger' },
            { label: 'LandCruiser Prado', href: '/search/toyota/landcruiser-prado' },
            { label: 'LandCruiser 300', href: '/search/toyota/landcruiser' },
            { label: 'HiLux', href: '/search/toyota/hilux' },
            { label: 'HiAce', href: '/search/toyota/hiace' },
            { label: 'bZ4X', href: '/search/toyota/bz4x' },
            { label: 'GR86', href: '/search/toyota/gr86' },
          ],
        },
        { label: 'Offers', href: '/special-offers' },
        {
          label: 'Our Stock', href: '/search/new-used-and-demo-cars', kind: 'stock',
          children: [
            { label: 'New Cars', href: '/search/new-cars' },
            { label: 'Demo Cars', href: '/search/demo-cars' },
            { label: 'Used Cars', href: '/search/used-cars' },
            { label: 'All Stock', href: '/search/new-used-and-demo-cars' },
          ],
        },
        {
          label: 'Finance', href: '/finance',
          children: [
            { label: 'Toyota Finance', href: '/finance' },
            { label: 'Apply for Finance', href: '/apply-for-finance' },
            { label: 'Finance Enquiry', href: '/finance-enquiry' },
          ],
        },
        {
          label: 'Service', href: '/service',
          children: [
            { label: 'Book a Service', href: '/service' },
            { label: 'Capped Price Servicing', href: '/capped-price-servicing' },
            { label: 'Parts & Accessories', href: '/vehicle-parts-and-accessories' },
            { label: 'Warranty', href: '/warranty' },
            { label: 'Roadside Assist', href: '/roadside-assist' },
          ],
        },
        {
          label: 'Company', href: '/about-us',
          children: [
            { label: 'About Us', href: '/about-us' },
            { label: 'Our Locations', href: '/locations' },
            { label: 'Careers', href: '/careers' },
            { label: 'Contact Us', href: '/contact' },
          ],
        },
      ],
      footer: standardFooter(NAME),
    },
    announcement: { text: 'Toyota hybrid runout: selected 2025 build stock at drive-away prices.', href: '/special-offers', link_label: 'See offers' },
    promo_popup: {
      id: 'hilux-runout-2026',
      title: 'HiLux Runout Sale',
      description: 'Drive away a 2025-plated HiLux SR5 with a free tow pack and 5 years of capped price servicing. While stocks last.',
      image: img.banner('ute', 'f2f3f0', PRIMARY),
      button: { label: 'View HiLux stock', href: '/search/toyota/hilux' },
      start: '2026-10-01',
      expiry: '2027-12-31',
    },
    banners: [
      { title: 'The all-new RAV4 Hybrid', subtitle: 'Now arriving at Harbourside', image: img.banner('suv', '1f4e8c', PRIMARY), href: '/search/toyota/rav4' },
      { title: 'Toyota Certified Pre-Owned', subtitle: 'Inspected, warranted and ready to go', image: img.banner('hatch', 'b9bec4', '#1f2937'), href: '/search/used-cars' },
      { title: 'Capped Price Servicing', subtitle: 'Book online in two minutes', image: img.banner('ute', 'f2f3f0', '#374151'), href: '/service' },
    ],
    dealerships: ['11'],
    locations: ['1101', '1102'],
    brands: ['toyota'],
    stock: { models: ['Corolla', 'Camry', 'Yaris Cross', 'Corolla Cross', 'RAV4', 'Kluger', 'LandCruiser Prado', 'LandCruiser', 'HiLux', 'HiAce', 'bZ4X', 'GR86'] },
    search: { new_arrival_label: 'New Arrival', demo_max_km: 10000, card_chips: ['car_type', 'simple_body', 'km', 'simple_transmission', 'fuel'] },
    include_sold_cars_days: 3,
    vdp_config: { show_map_section: true },
    finance: {
      providers: ['Powertorque', 'Manual'],
      default_interest: 8.99,
      interest_min: 5.99,
      interest_max: 15.99,
      default_term_years: 5,
      max_term_years: 7,
      disclaimer: 'Estimate only, based on a 5 year secured fixed-rate consumer loan of $30,000. Fees, charges and lending criteria apply.',
    },
    // Trade-in journey (issue 18, spec §9): no online estimate over 10 years or 100,000 km.
    trade_in: { max_age_years: 10, max_km: 100_000 },
    remotes: DEMO_REMOTES,
  },
  data: {
    locations: [sales, service],
    dealerships: [
      {
        id: '11', slug: SLUG, name: NAME, average_rating: 4.6, review_count: 1168,
        websites: [{ name: NAME, slug: SLUG, make: 'Toyota', url: 'https://www.harbourside-toyota.com.au', logo: { url: img.logo(SLUG) } }],
        service_booking_url: null,
      },
    ],
    manufacturers: [{ id: 'm-toyota', name: 'Toyota', slug: 'toyota', logo: { url: img.logo('toyota') }, category: 'car' }],
    brands: [
      {
        title: 'Toyota', slug: 'toyota', logo: img.logo('toyota'), banner: img.banner('suv', 'b9bec4', PRIMARY),
        description: [
          'Toyota has been Australia\'s best-selling car brand for more than two decades, from the Corolla and RAV4 to the HiLux and LandCruiser.',
          'Every new Toyota comes with a 5 year unlimited kilometre warranty, extended to 7 years on the engine and driveline when serviced on schedule.',
          'Harbourside Toyota has served Brisbane\'s bayside since 1987, with sales in Tingalpa and a dedicated service centre in Wynnum.',
        ],
      },
    ],
    offers: [
      {
        id: '5101', name: 'RAV4 GX Hybrid from $199 per week', description: 'Finance the RAV4 GX Hybrid 2WD at 5.99% p.a. with no deposit.',
        disclaimer: 'Offer available on new RAV4 GX Hybrid 2WD vehicles purchased and delivered by 31 December 2026 through Toyota Finance to approved applicants. Comparison rate 6.82% p.a. based on a secured loan of $30,000 over 5 years. WARNING: This comparison rate is true only for the example given and may not include all fees and charges.',
        url: '/search/toyota/rav4', hide_overlay: false, image_or_model_image: { url: img.car('suv', '1f4e8c', 0, 'toyota-rav4') },
        model: { slug: 'rav4', name: 'RAV4' }, manufacturer_slug: 'toyota', expiry: '2026-12-31',
      },
      {
        id: '5102', name: 'HiLux SR5 Runout', description: 'Drive away a 2025-plated HiLux SR5 with a free tow pack.',
        disclaimer: 'Tow pack includes towbar, tongue and wiring harness, fitted by the dealer. Available on 2025-plated stock only, while stocks last.',
        url: '/search/toyota/hilux', hide_overlay: false, image_or_model_image: { url: img.car('ute-tub', 'f2f3f0', 0, 'toyota-hilux') },
        model: { slug: 'hilux', name: 'HiLux' }, manufacturer_slug: 'toyota', expiry: '2027-03-31',
      },
      {
        id: '5103', name: 'Corolla Hybrid: 3 years free servicing', description: 'Buy a new Corolla Hybrid and your first three scheduled services are on us.',
        disclaimer: 'Covers the first 3 scheduled services up to 3 years or 45,000 km, whichever comes first. Excludes fleet and government buyers.',
        url: '/search/toyota/corolla', hide_overlay: true, image_or_model_image: { url: img.car('hatch', 'b3141e', 0, 'toyota-corolla') },
        model: { slug: 'corolla', name: 'Corolla' }, manufacturer_slug: 'toyota', expiry: '2027-06-30',
      },
    ],
    special_hours: holidayHours(['1101', '1102']),
  },
  stock: {
    defaultCount: 500,
    benchCount: 2000,
    idBase: 1_000_000,
    stockPrefix: 'HT',
    carTypes: [['new', 55], ['demo', 15], ['used', 30]],
    locationWeights: { '1101': 1 },
    usedOwnMakeShare: 0.6,
    usedMakes: ['hyundai', 'kia', 'mazda', 'mitsubishi', 'ford', 'nissan', 'honda', 'subaru', 'holden', 'volkswagen', 'suzuki', 'mg'],
    certifiedMaker: 'toyota',
    subscriptionShare: 0,
    youxShare: 0,
    distribution: { '1101': ['Brisbane Metro', 'Gold Coast', 'Sunshine Coast'] },
  },
};
