import { useEffect, useState } from 'react';
import { STICKY_BAR_PX, STICKY_HEADER_PX } from '@forecourt/contracts/constants';
import { openModal } from '../lib/dialogs.ts';
import { imageUrl } from '@forecourt/contracts/images';

export type StickyBarProps = {
  name: string;
  image: string | null;
  /** 'Automatic · Sedan' */
  detail: string;
  price: string;
  priceType: string | null;
  /** 'Est. $123/week at 6.29% p.a.' or null. */
  weekly: string | null;
  financeHref: string;
  tradeInHref: string | null;
  enquireHref: string;
  /** The enquiry <dialog> the bar's Enquire opens (its link is the fallback). */
  enquireDialog: string | null;
  phoneHref: string | null;
};

/** Where the small-screen bottom bar shows (styles/vehicle.css `.fv-bar`, the same breakpoint). */
export const BOTTOM_BAR_MEDIA = '(max-width: 767.98px)';

/**
 * Spec §4/§9 sticky header after 500 px, small-screen bottom bar whose style flips after 900 px; one sticky bar at a
 * time (issue 13): the header appears only where the bottom bar is not shown.
 */
export function stickyState(scrollY: number, bottomBar = false): { header: boolean; barScrolled: boolean } {
  return { header: !bottomBar && scrollY > STICKY_HEADER_PX, barScrolled: scrollY > STICKY_BAR_PX };
}

/**
 * The sticky header (image, name, transmission and body, price and type, weekly estimate, Get Finance, Trade-In
 * Valuation) on wide screens and the sticky bottom bar on small ones, never both. One passive scroll listener and a
 * media-query listener; state changes only at the thresholds.
 */
export default function StickyBar(props: StickyBarProps) {
  const [state, setState] = useState({ header: false, barScrolled: false });
  useEffect(() => {
    let frame = 0;
    const small = window.matchMedia(BOTTOM_BAR_MEDIA);
    const update = () => {
      frame = 0;
      const next = stickyState(window.scrollY, small.matches);
      setState((prev) => (prev.header === next.header && prev.barScrolled === next.barScrolled ? prev : next));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    small.addEventListener('change', update);
    return () => {
      window.removeEventListener('scroll', onScroll);
      small.removeEventListener('change', update);
      cancelAnimationFrame(frame);
    };
  }, []);
  function openDialog(event: React.MouseEvent<HTMLAnchorElement>) {
    const el = props.enquireDialog ? document.getElementById(props.enquireDialog) : null;
    if (!(el instanceof HTMLDialogElement)) return;
    event.preventDefault();
    openModal(el, event.currentTarget);
  }
  return (
    <>
      <div className="fv-sticky" data-visible={state.header ? '' : undefined} aria-hidden={!state.header} inert={!state.header}>
        <div className="fv-sticky__inner">
          {props.image ? <img className="fv-sticky__img" src={imageUrl(props.image, { width: 192 })} alt="" width={96} height={64} loading="lazy" decoding="async" /> : null}
          <div className="fv-sticky__name">
            <strong>{props.name}</strong>
            <span>{props.detail}</span>
          </div>
          <div className="fv-sticky__price">
            <strong>{props.price}</strong> {props.priceType ? <span>{props.priceType}</span> : null}
            {props.weekly ? <small>{props.weekly}</small> : null}
          </div>
          <a className="fc-btn fc-btn--primary" href={props.financeHref}>
            Get Finance
          </a>
          {props.tradeInHref ? (
            <a className="fc-btn" href={props.tradeInHref}>
              Trade-In Valuation
            </a>
          ) : null}
        </div>
      </div>
      <div className={`fv-bar${state.barScrolled ? ' fv-bar--scrolled' : ''}`}>
        <span className="fv-bar__price">{props.price}</span>
        <a className="fc-btn fc-btn--primary" href={props.enquireHref} aria-haspopup={props.enquireDialog ? 'dialog' : undefined} onClick={openDialog}>
          Enquire
        </a>
        {props.phoneHref ? (
          <a className="fc-btn" href={props.phoneHref}>
            Call
          </a>
        ) : null}
      </div>
    </>
  );
}
