/**
 * A local stand-in for Twilio's Messages API, speaking the wire format twilio.ts states (tests only, never imported by
 * the Worker): `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, HTTP Basic auth, a form body with `To` (E.164),
 * `Body` and `From` or `MessagingServiceSid`, 201 with the message resource, `{ code, message, more_info, status }`
 * errors with Twilio's codes. Served over 127.0.0.1 by the unit tests (node:http) or called in-process as `fetch`.
 */
import { fakeProviderSurface, providerControls } from '../../test/provider-controls.ts';

export type FakeTwilioMessage = { sid: string; to: string; body: string; from: string | null; messagingServiceSid: string | null };
export type FakeTwilioRequest = { method: string; path: string; headers: Record<string, string>; form: Record<string, string> };

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** Twilio's error shape; like Twilio, `message` may quote the number (the adapter must not pass it on). */
const twilioError = (status: number, code: number, message: string) =>
  json(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
const hex32 = () => crypto.randomUUID().replace(/-/g, '');

export function createFakeTwilio(options: {
  accountSid: string;
  authToken: string;
  /** Senders the account owns (numbers or alphanumeric ids); any other From answers 21606. */
  senders?: string[];
  messagingServiceSids?: string[];
}) {
  const requests: FakeTwilioRequest[] = [];
  const messages: FakeTwilioMessage[] = [];
  const controls = providerControls();

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const text = request.method === 'POST' ? await request.text() : '';
    const headers = Object.fromEntries([...request.headers].map(([k, val]) => [k.toLowerCase(), val]));
    const form = headers['content-type']?.startsWith('application/x-www-form-urlencoded') ? Object.fromEntries(new URLSearchParams(text)) : {};
    requests.push({ method: request.method, path: url.pathname, headers, form });
    const interjected = await controls.interject();
    if (interjected) return interjected;

    if (!authorised(headers.authorization)) return twilioError(401, 20003, 'Authenticate');
    const route = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(url.pathname);
    if (!route || decodeURIComponent(route[1]!) !== options.accountSid) {
      return twilioError(404, 20404, `The requested resource ${url.pathname} was not found`);
    }
    if (request.method !== 'POST') return twilioError(405, 20004, 'Method not allowed');
    if (!headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return twilioError(400, 21604, "A 'To' phone number is required.");
    return create(form);
  }

  function authorised(header: string | undefined): boolean {
    const basic = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? '');
    if (!basic) return false;
    const [user, ...rest] = atob(basic[1]!).split(':');
    return user === options.accountSid && rest.join(':') === options.authToken;
  }

  function create(form: Record<string, string>): Response {
    const { To: to, Body: body, From: from, MessagingServiceSid: service } = form;
    if (!to) return twilioError(400, 21604, "A 'To' phone number is required.");
    if (!/^\+[1-9]\d{6,14}$/.test(to)) return twilioError(400, 21211, `Invalid 'To' Phone Number: ${to}`);
    if (!body) return twilioError(400, 21602, 'Message body is required.');
    if (body.length > 1600) return twilioError(400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
    if (service !== undefined && !(options.messagingServiceSids ?? []).includes(service)) {
      return twilioError(400, 21701, `The Messaging Service Sid ${service} is invalid.`);
    }
    if (service === undefined) {
      if (!from) return twilioError(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message.");
      if (!(options.senders ?? []).includes(from)) {
        return twilioError(400, 21606, `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`);
      }
    }
    const sid = `SM${hex32()}`;
    const message: FakeTwilioMessage = { sid, to, body, from: from ?? null, messagingServiceSid: service ?? null };
    messages.push(message);
    const now = new Date().toUTCString().replace('GMT', '+0000');
    return json(201, {
      account_sid: options.accountSid,
      api_version: '2010-04-01',
      body,
      date_created: now,
      date_sent: null,
      date_updated: now,
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from: from ?? null,
      messaging_service_sid: service ?? null,
      num_media: '0',
      num_segments: String(Math.max(1, Math.ceil(body.length / 153))),
      price: null,
      price_unit: 'USD',
      sid,
      // With a messaging service Twilio first accepts, then queues once it picked a sender.
      status: service ? 'accepted' : 'queued',
      subresource_uris: { media: `/2010-04-01/Accounts/${options.accountSid}/Messages/${sid}/Media.json` },
      to,
      uri: `/2010-04-01/Accounts/${options.accountSid}/Messages/${sid}.json`,
    });
  }

  return {
    ...fakeProviderSurface(handle, requests, controls, () => (messages.length = 0)),
    /** Messages Twilio took (answered 201). */
    messages,
  };
}
export type FakeTwilio = ReturnType<typeof createFakeTwilio>;
