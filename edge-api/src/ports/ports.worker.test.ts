import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createPorts } from './index.ts';
import { EmbeddedSms, listSentSms } from './sms/embedded.ts';
import { EmbeddedCrm, listCrmInbox } from './crm/embedded.ts';
import { EmbeddedPayments } from './payments/embedded.ts';
import { EmbeddedYoux } from './youx/embedded.ts';
import { uniqueTenant } from '../test/fixtures.ts';

describe('ports on real local D1', () => {
  it('builds every port from the wrangler vars', async () => {
    const ports = createPorts(env);
    expect(Object.keys(ports).sort()).toEqual(['autograb', 'crm', 'delivery', 'geocoding', 'payments', 'regoLookup', 'sms', 'turnstile', 'valuation', 'youx']);
    expect(ports.geocoding.keepsAnswers).toBe(false);
    expect(() => createPorts({ ...env, GEOCODING_ADAPTER: 'http' })).toThrow(/GEOCODING_API_URL is not set/);
    expect(() => createPorts({ ...env, CRM_ADAPTER: 'salesforce' })).toThrow(/CRM_ADAPTER="salesforce"/);
  });

  it('SMS: writes each message to the tenant outbox, readable back', async () => {
    const a = uniqueTenant('sms');
    const b = uniqueTenant('sms');
    const sms = new EmbeddedSms(env.DB);
    const { id } = await sms.send({ tenant: a, to: '0412345678', body: 'Your code is 123456' });
    await sms.send({ tenant: b, to: '0412345678', body: 'Other tenant' });
    const sent = await listSentSms(env.DB, a, '0412345678');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ id, to_phone: '0412345678', body: 'Your code is 123456' });
    await expect(sms.send({ tenant: a, to: 'not a phone', body: 'x' })).rejects.toThrow('Invalid phone number.');
    await expect(sms.send({ tenant: a, to: '0412345678', body: '' })).rejects.toThrow(/SMS body/);
  });

  it('CRM: delivers a lead once per tenant, a redelivery returns the same record', async () => {
    const tenant = uniqueTenant('crm');
    const crm = new EmbeddedCrm(env.DB);
    const lead = { tenant, leadId: crypto.randomUUID(), category: 'General Enquiry', payload: { name: 'Sam', phone: '0412345678' } };
    const first = await crm.deliver(lead);
    const again = await crm.deliver(lead);
    expect(first.duplicate).toBe(false);
    expect(again).toEqual({ externalId: first.externalId, duplicate: true });
    const inbox = await listCrmInbox(env.DB, tenant);
    expect(inbox).toHaveLength(1);
    expect(JSON.parse(inbox[0]!.payload)).toEqual({ name: 'Sam', phone: '0412345678' });
    expect(await listCrmInbox(env.DB, uniqueTenant('crm'))).toEqual([]);
  });

  it('payments: records an unpaid intent (paid on its confirm step), idempotent per key, readable only by its tenant', async () => {
    const tenant = uniqueTenant('pay');
    const payments = new EmbeddedPayments(env.DB);
    const input = { tenant, idempotencyKey: crypto.randomUUID(), amountCents: 20_000, carId: 'car-9', description: 'Reserve deposit' };
    const intent = await payments.createIntent(input);
    expect(intent).toMatchObject({ tenant, amountCents: 20_000, currency: 'aud', carId: 'car-9', status: 'requires_payment', provider: 'embedded' });
    expect(await payments.createIntent(input)).toEqual(intent);
    await expect(payments.createIntent({ ...input, amountCents: 30_000 })).rejects.toThrow(/different amount/);
    await expect(payments.createIntent({ ...input, idempotencyKey: 'k2', amountCents: 0 })).rejects.toThrow(RangeError);
    expect(await payments.getIntent(tenant, intent.id)).toEqual(intent);
    expect(await payments.getIntent(uniqueTenant('pay'), intent.id)).toBeNull();
  });

  it('YouX: creates a local finance customer and redirects to the site success page', async () => {
    const tenant = uniqueTenant('youx');
    const youx = new EmbeddedYoux(env.DB);
    const data = {
      nvic: null, vin: null, selfAssessedCreditScore: 'GREAT' as const, purchasePrice: 30_000, loanTerm: 5,
      phoneNumber: '0412345678', firstName: 'Sam', lastName: 'Lee', email: 'sam@example.com', subscribe: false, postCode: '4000',
    };
    const { redirectUrl } = await youx.createCustomer({ tenant, data, siteUrl: 'https://dealer.example.com.au' });
    const url = new URL(redirectUrl);
    expect(url.origin + url.pathname).toBe('https://dealer.example.com.au/success');
    const id = url.searchParams.get('finance_application');
    const row = await env.DB.prepare('SELECT data FROM finance_customers WHERE tenant = ? AND id = ?').bind(tenant, id).first<{ data: string }>();
    expect(JSON.parse(row!.data)).toEqual(data);
    await expect(youx.quickQuote(tenant, { selfAssessedCreditScore: 'GREAT', purchasePrice: 30_000, loanTerm: 5 })).resolves.toMatchObject({ advertisedRate: 6.29, comparisonRate: 8.19 });
  });
});
