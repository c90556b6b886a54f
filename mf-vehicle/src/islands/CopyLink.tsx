import { useEffect, useRef, useState } from 'react';
import { COPY_CONFIRMATION_MS } from '@forecourt/contracts/constants';
import { copyText } from '../lib/clipboard.ts';
import '../styles/vehicle.css';

/**
 * Copy link share button (spec §2 Vehicle detail page share icons; §4 'Copied' for 1.5 s).
 * Hidden in the server HTML: it only works with JavaScript and a clipboard, so it appears after hydration.
 */
export default function CopyLink() {
  const [available, setAvailable] = useState(false);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    setAvailable(typeof navigator !== 'undefined' && Boolean(navigator.clipboard));
    return () => clearTimeout(timer.current);
  }, []);

  async function onCopy() {
    if (!(await copyText(location.href, navigator.clipboard))) return;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  }

  return (
    <p className="fv-share">
      <button type="button" className="fc-btn fv-share__copy" hidden={!available} onClick={() => void onCopy()}>
        {copied ? 'Copied' : 'Copy link'}
      </button>
      <span className="fc-visually-hidden" role="status">
        {copied ? 'Link copied to the clipboard' : ''}
      </span>
    </p>
  );
}
