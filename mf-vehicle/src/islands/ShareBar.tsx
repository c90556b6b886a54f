import { useEffect, useRef, useState } from 'react';
import { COPY_CONFIRMATION_MS, SHARE_WINDOW } from '@forecourt/contracts/constants';
import { copyText } from '../lib/clipboard.ts';
import type { ShareLink } from '../lib/rules.ts';

export type ShareBarProps = { links: ShareLink[]; url: string };

const ICONS: Record<ShareLink['network'], string> = { facebook: 'f', twitter: 'X', whatsapp: 'W', email: '@', sms: 'SMS' };

/**
 * Share icons (spec §2; §9 share window 550x400; §4 copy link shows 'Copied' 1.5 s). Links work without JavaScript
 * (new tab); with it, social networks open in a 550x400 window. Copy link appears once a clipboard is available.
 */
export default function ShareBar({ links, url }: ShareBarProps) {
  const [canCopy, setCanCopy] = useState(false);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    setCanCopy(typeof navigator !== 'undefined' && Boolean(navigator.clipboard));
    return () => clearTimeout(timer.current);
  }, []);
  async function copy() {
    if (!(await copyText(url, navigator.clipboard))) return;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  }
  function popup(event: React.MouseEvent<HTMLAnchorElement>, link: ShareLink) {
    if (!link.popup) return;
    const left = Math.max(0, (screen.width - SHARE_WINDOW.width) / 2);
    const top = Math.max(0, (screen.height - SHARE_WINDOW.height) / 2);
    const win = window.open(link.href, 'fv-share', `width=${SHARE_WINDOW.width},height=${SHARE_WINDOW.height},left=${left},top=${top}`);
    // A blocked popup falls back to the link's own new tab.
    if (!win) return;
    win.opener = null;
    event.preventDefault();
  }
  return (
    <ul className="fv-share" aria-label="Share this car">
      {links.map((link) => (
        <li key={link.network}>
          <a className={`fv-share__icon fv-share__icon--${link.network}`} href={link.href} aria-label={link.label} {...(link.popup ? { target: '_blank', rel: 'noopener noreferrer' } : {})} onClick={(e) => popup(e, link)}>
            <span aria-hidden="true">{ICONS[link.network]}</span>
          </a>
        </li>
      ))}
      <li>
        <button type="button" className="fv-share__copy" hidden={!canCopy} onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy link'}
        </button>
        <span className="fc-visually-hidden" role="status">
          {copied ? 'Link copied to the clipboard' : ''}
        </span>
      </li>
    </ul>
  );
}
