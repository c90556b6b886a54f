import { describe, expect, it } from 'vitest';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { decodeFragmentHead, FRAGMENT_HEAD_HEADER, ISLAND_PROPS_ATTR } from '@forecourt/contracts/fragments';
import { INTERNAL } from '@forecourt/contracts/internal';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';
import { createApp } from './app.tsx';
import type { PreApprovalProps } from './islands/PreApproval.tsx';
import { applicationCookie, type Application } from './lib/preapproval.ts';
import { siteConfigInput, testEnv, type TestEnvOptions } from './test/tenant.ts';

const journey = siteConfigInput('journey-motors', { features: { finance_preapproval: true, get_finance_now: true } } as never);
const plain = siteConfigInput('plain-motors');
const gated = siteConfigInput('gated-motors', { features: { gated_personalised_finance: true } } as never);
const car = { ...sampleCar, id: '148223', status: 'in_stock', sold: false, subscription_price: null, offer_price: null };
const soldCar = { ...sampleCar, id: '99', status: 'sold', sold: true };
const stored: Application = {
  estimate: { price: 45_990, term: 4, credit: 'POOR' },
  details: { firstName: 'Sam', lastName: 'Lee', email: 'sam@example.com', phone: '0412345678', postCode: '4000', subscribe: false },
  car: { car_id: '148223' },
  leadId: '3b241101-e2bb-4255-8caf-4136c566a962',
  codeSent: true,
  verified: false,
  quote: { weeklyRepaymentAmount: 91.62, advertisedRate: 6.29, comparisonRate: 8.19 },
};

function page(path: string, tenant: string, options: TestEnvOptions & { cookie?: string } = {}) {
  const env = testEnv([journey, plain, gated], { cars: [car, soldCar], ...options });
  return createApp({ styles: [], version: '1.0.0' }).request(`https://x.example${path}`, { headers: { [TENANT_HEADER]: tenant, ...(options.cookie ? { cookie: options.cookie } : {}) } }, env);
}
async function read(res: Response) {
  const html = await res.text();
  const head = decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER));
  const props = html.match(new RegExp(`<script type="application/json" ${ISLAND_PROPS_ATTR}="ff-preapproval">(.*?)</script>`))?.[1];
  return { html, head, journey: props ? (JSON.parse(props.replace(/\\u003c/g, '<')) as PreApprovalProps) : null };
}

describe('/finance', () => {
  it('#finance-form holds the instant pre-approval where the site has it, headed by spec §2 text, step 1 with the query pre-filled', async () => {
    const res = await page('/fragments/finance?vehiclePriceBudget=41000&loanTerm=3&credit_score=decent&car_type=used&vin=JTNK4RBE903123456&whoIsHelping=Jo', 'journey-motors');
    const { html, head, journey: props } = await read(res);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(html).toContain('<section id="finance-form"');
    expect(html).toContain('Instant Finance pre-approval with no impact on your credit score.');
    expect(html).toMatch(/<h3 id="ffp-step-heading" tabindex="-1">Step <!-- -->1<!-- --> of <!-- -->4<!-- -->: <!-- -->Quick Estimate<\/h3>/);
    expect(props).toMatchObject({ step: 1, estimate: { price: 41_000, term: 3, credit: 'DECENT' }, car: { car_type: 'used', vin: 'JTNK4RBE903123456', whoIsHelping: 'Jo' } });
    // Without JavaScript step 1 is a GET form to step 2.
    expect(html).toMatch(/<form class="ffp-form"[^>]* action="\/finance#finance-form" method="get">/);
    expect(html).toContain('<input type="hidden" name="step" value="2"/>');
    // No car: the 3 steps beside it, Get Finance Now with mf-search's finance strip.
    expect(html).toContain('mf-finance/FinanceSteps');
    expect(html).toContain('<h2 id="ff-gfn-title">Get Finance Now</h2>');
    expect(head?.slots).toEqual([{ id: 'ff-finance-cars', remote: 'mf-search', page: 'stock-strip', params: { strip: 'finance', heading: 'Featured used cars', limit: '6' } }]);
    expect(html).toContain('<fc-slot id="ff-finance-cars"></fc-slot>');
    expect(html).toContain('href="/search/used-cars"');
  });

  it('without the switch: the Finance Enquiry form (mf-account slot with the car) in #finance-form, no journey, no Get Finance Now', async () => {
    const { html, head, journey: props } = await read(await page('/fragments/finance?car_id=148223', 'plain-motors'));
    expect(props).toBeNull();
    expect(html).toMatch(/<section id="finance-form"[^>]*><div class="ff-slot"><fc-slot id="ff-enquiry-slot"><\/fc-slot><\/div><\/section>/);
    expect(head?.slots).toEqual([{ id: 'ff-enquiry-slot', remote: 'mf-account', page: 'lead-form', params: { form: 'finance-enquiry', id: 'ff-enquiry', car_id: '148223' } }]);
    expect(html).not.toContain('Get Finance Now');
  });

  it('with car_id: the chosen car beside the form (looked up by id in mf-search), not the steps nor Get Finance Now', async () => {
    const seen: NonNullable<TestEnvOptions['seen']> = [];
    const { html } = await read(await page('/fragments/finance?car_id=148223', 'journey-motors', { seen }));
    expect(seen.find((s) => s.worker === 'mf-search')?.url.pathname).toBe(INTERNAL.car.path);
    expect(seen.find((s) => s.worker === 'mf-search')?.url.searchParams.get('id')).toBe('148223');
    expect(html).toContain('Your chosen car');
    expect(html).toContain(`href="/cars/${car.slug}"`);
    expect(html).not.toContain('mf-finance/FinanceSteps');
    expect(html).not.toContain('Get Finance Now');
  });

  it('a subscription car shows its price a week; a sold or unknown car falls back to the steps and says so', async () => {
    const weekly = await read(await page('/fragments/finance?car_id=148223', 'journey-motors', { cars: [{ ...car, subscription_price: 199 }] }));
    expect(weekly.html).toContain('$199 / week');
    for (const id of ['99', 'nope']) {
      const { html } = await read(await page(`/fragments/finance?car_id=${id}`, 'journey-motors'));
      expect(html).toContain('The car you chose is no longer available.');
      expect(html).toContain('mf-finance/FinanceSteps');
    }
    // mf-search down: the page still renders, without the car.
    const down = await page('/fragments/finance?car_id=148223', 'journey-motors', { cars: undefined });
    expect(down.status).toBe(200);
  });

  it('a later step reads the application cookie, is never shared, and step 3 shows the quote it kept (no provider call); without the cookie it says it expired', async () => {
    const cookie = applicationCookie(stored).split(';')[0]!;
    const res = await page('/fragments/finance?step=3', 'journey-motors', { cookie });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const { journey: props, head } = await read(res);
    expect(head?.robots).toBe('noindex');
    expect(props).toMatchObject({ step: 3, estimate: { price: 45_990, term: 4, credit: 'POOR' }, quote: { weeklyRepaymentAmount: 91.62 }, phone: '0412 ••• 678' });
    const expired = await read(await page('/fragments/finance?step=4', 'journey-motors'));
    expect(expired.journey).toMatchObject({ step: 2, error: 'Your application has expired. Please start again.' });
  });

  it('the shared step 1 never reads the shopper cookies: still public, nothing of theirs in it (the shell may keep it by URL)', async () => {
    const cookie = `__Host-fc_session=abc; ${applicationCookie(stored).split(';')[0]!}`;
    const res = await page('/fragments/finance?vehiclePriceBudget=41000', 'journey-motors', { cookie });
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const { html, journey: props } = await read(res);
    expect(props).toMatchObject({ step: 1, details: {}, phone: null, quote: null });
    for (const secret of ['Sam', 'sam@example.com', '0412345678', '4000']) expect(html).not.toContain(secret);
  });

  it('a plain form refused comes back with its errors on the fields and its texts', async () => {
    const cookie = applicationCookie({ ...stored, details: { ...stored.details, email: 'nope' } }).split(';')[0]!;
    const back = await read(await page('/fragments/finance?step=2&check=1', 'journey-motors', { cookie }));
    expect(back.journey).toMatchObject({ step: 2, fieldErrors: { email: 'Invalid email address.' }, details: { email: 'nope' } });
    expect(back.html).toContain('aria-invalid="true"');
    const code = await read(await page('/fragments/finance?step=4&preapproval_error=invalidCode', 'journey-motors', { cookie: applicationCookie(stored).split(';')[0]! }));
    expect(code.journey?.fieldErrors).toEqual({ code: 'The verification code is invalid. Please try again.' });
    expect(code.html).toContain('aria-describedby="ffp-code-error"');
    const youx = await read(await page('/fragments/finance?step=4&preapproval_error=youx', 'journey-motors', { cookie: applicationCookie(stored).split(';')[0]! }));
    expect(youx.html).toContain('<p class="ffp-alert" role="alert" id="ffp-error">Failed to create customer with YouX</p>');
    const done = await read(await page('/fragments/finance?step=4', 'journey-motors', { cookie: applicationCookie({ ...stored, verified: true, redirectUrl: 'https://apply.youx.example/start/abc' }).split(';')[0]! }));
    expect(done.html).toContain('<a class="fc-btn fc-btn--primary" href="https://apply.youx.example/start/abc">Continue your application with the lender</a>');
    expect(done.html).not.toContain('name="action"');
    const junk = await read(await page('/fragments/finance?step=4&preapproval_error=%3Cb%3E', 'journey-motors', { cookie: applicationCookie(stored).split(';')[0]! }));
    expect(junk.journey?.error).toBeNull();
  });
});

describe('/finance-enquiry and /apply-for-finance', () => {
  it("offer the pre-approval's popup variant where the site runs it: a link to the form that opens the 4 steps in a dialog; still shareable", async () => {
    for (const path of ['/fragments/finance-enquiry?car_id=148223', '/fragments/apply-for-finance']) {
      const res = await page(path, 'journey-motors');
      expect(res.headers.get('cache-control')).toBe('public, max-age=60');
      const { html, journey: props, head } = await read(res);
      expect(head?.robots).toBeUndefined();
      expect(props).toMatchObject({ step: 1, variant: 'dialog', details: {} });
      expect(html).toMatch(/<a class="fc-btn fc-btn--primary" href="\/finance\?step=1&amp;[^"]*#finance-form" aria-haspopup="dialog">Get instant pre-approval<\/a><dialog class="ffp-dialog" aria-labelledby="ffp-heading">/);
      expect(html).toContain('<fc-slot id="ff-enquiry-slot"></fc-slot>');
    }
    const plainSite = await read(await page('/fragments/finance-enquiry', 'plain-motors'));
    expect(plainSite.journey).toBeNull();
    expect(plainSite.html).not.toContain('<dialog');
  });
});

describe('/personalised/finance', () => {
  const session = (url: URL) =>
    url.pathname === INTERNAL.session.path ? Response.json({ user: { id: 'u1', phone: '0412345678', first_name: 'Sam', last_name: 'Lee', email: 'sam@example.com' } }) : undefined;

  it("quotes the car's price for the signed-in shopper and fills the journey with their saved details; never shared", async () => {
    const res = await page('/fragments/personalised-finance?car_id=148223', 'journey-motors', { edge: session, cookie: '__Host-fc_session=abc' });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const { html, journey: props, head } = await read(res);
    expect(head?.robots).toBe('noindex');
    expect(html).toContain('Hi Sam.');
    expect(html).toContain('<strong>$92</strong> per week');
    expect(html).toContain('Your chosen car');
    expect(props).toMatchObject({ step: 1, estimate: { price: car.price, term: 5, credit: 'GREAT' }, details: { firstName: 'Sam', lastName: 'Lee', email: 'sam@example.com', phone: '0412345678' }, car: { car_id: '148223' } });
  });

  it('a site without the journey: the quote and the Finance Enquiry form; a failed quote says so', async () => {
    const res = await page('/fragments/personalised-finance?vehiclePriceBudget=5000', 'gated-motors');
    const { html, head } = await read(res);
    // 5,000 is below the quick-estimate range: clamped to 10,000, which the fake quotes.
    expect(html).toContain('per week');
    expect(head?.slots?.[0]?.id).toBe('ff-enquiry-slot');
    const failing = await read(await page('/fragments/personalised-finance', 'gated-motors', { edge: (url) => (url.pathname === INTERNAL.quickQuote.path ? Response.json({ error: 'x' }, { status: 502 }) : undefined) }));
    expect(failing.html).toContain('We could not work out your quote just now.');
  });
});
