/**
 * The sign-in page (spec §2 `/sign-in?type=&redirect=&back=`, §6 Users, §7 one-time-code sign-in), server-rendered so
 * it works without JavaScript: step 1 (mobile number) or step 2 (`?step=code`, the 6-digit code) as plain forms
 * posting to edge-api, inside an `mf-account/SignIn` island in client mode that takes them over when JavaScript runs.
 */
import { OTP_LENGTH } from '@forecourt/contracts/sign-in';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { Breadcrumbs, Island } from '@forecourt/ui';
import { signInHeading, type SignInQuery } from './model.ts';
import { CodeForm } from './CodeForm.tsx';
import { SIGN_IN_ID } from './markup.ts';
import { PhoneForm } from './PhoneForm.tsx';
import { SignInAlert } from './SignInAlert.tsx';

/**
 * What the island gets (its props script): the page's query, made safe, the phone a code went to (if known), and
 * whether the browser sent a session cookie (then the island asks edge-api who is signed in).
 */
export type SignInIslandProps = SignInQuery & { phone: string | null; sessionCookie: boolean };

/** The forms as the server draws them (no JavaScript): the alert, then the step the query asks for. */
export function SignInServerForms(props: SignInIslandProps) {
  return (
    <div className="fa-sign-in__body">
      <SignInAlert message={props.error} />
      {props.step === 'code' ? <CodeForm mode="server" query={props} phone={props.phone} /> : <PhoneForm mode="server" query={props} />}
    </div>
  );
}

export type SignInPageProps = {
  query: SignInQuery;
  /** The phone the last code went to (edge-api's pending-phone cookie), or null. */
  pendingPhone: string | null;
  /** The request carried a session cookie (live or not: edge-api decides). */
  sessionCookie?: boolean;
  config: Pick<SiteConfig, 'name' | 'collection_notice_href'>;
};

export function SignInPage({ query, pendingPhone, sessionCookie = false, config }: SignInPageProps) {
  const props: SignInIslandProps = { ...query, phone: query.step === 'code' ? pendingPhone : null, sessionCookie };
  return (
    <article className="fa-page fa-sign-in">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: 'Sign in' }]} />
      <h1>{signInHeading(query.type)}</h1>
      {/* The form in one column and what signing in means beside it (stacked on small screens). */}
      <div className="fa-split">
        <div className="fc-card fa-split__main">
          <Island remote="mf-account" module="SignIn" id={SIGN_IN_ID} mode="client" props={props}>
            <SignInServerForms {...props} />
          </Island>
        </div>
        <section className="fc-card fa-split__aside fa-sign-in__about" aria-labelledby="fa-sign-in-about">
          <h2 id="fa-sign-in-about">How signing in works</h2>
          <p className="fa-sign-in__intro">
            No password needed: we text a {OTP_LENGTH}-digit code to your mobile and you enter it here. Standard message rates may apply.
          </p>
          <p className="flf-notice">
            {config.name} uses your mobile number and any details you add to sign you in and to keep your saved cars and bookings with your account. Read our{' '}
            <a href={config.collection_notice_href}>collection notice and privacy policy</a>.
          </p>
        </section>
      </div>
      <p className="fa-back">
        <a href={query.back}>{query.back === '/' ? 'Back to home' : 'Go back'}</a>
      </p>
    </article>
  );
}
