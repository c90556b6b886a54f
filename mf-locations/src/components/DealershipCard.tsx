import type { KeyboardEvent } from 'react';
import { cardId, shownLocation, tabHref, tabIds, tabKeyTarget, type AddressTab, type CardSelection, type DealershipGroup } from '../lib/list.ts';
import { ListLocationView } from './ListLocationView.tsx';

export type DealershipCardProps = {
  group: DealershipGroup;
  selection: CardSelection;
  /** The island has hydrated: roving tabindex, keys, in-place switching (without it, tabs and the type form are links and GET forms). */
  interactive: boolean;
  /** The page's parameters a tab link carries (ListView `keep`) and the search box's query. */
  keep: ReadonlyArray<readonly [string, string]>;
  query: string;
  onSelect?: (tab: number) => void;
  onChoose?: (tabId: string, locationId: string) => void;
};

/**
 * One dealership's card (spec §2 Locations list): its name and website links, then its addresses as ARIA tabs
 * (role tablist/tab/tabpanel, aria-selected, aria-controls; once hydrated a roving tabindex and Left/Right/Home/End
 * with automatic activation). Every panel is in the page (the unselected ones `hidden`), so aria-controls always
 * names an element and switching never loads anything. Without JavaScript each tab is a link (`?tab=<location id>`)
 * the server answers with that tab selected. A tab with several types has a 'Location type' select (a GET form).
 */
export function DealershipCard({ group, selection, interactive, keep, query, onSelect, onChoose }: DealershipCardProps) {
  const id = cardId(group.slug);
  const current = Math.min(selection.tab, group.tabs.length - 1);
  const several = group.tabs.length > 1;

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const target = tabKeyTarget(event.key, current, group.tabs.length);
    if (target === null || !onSelect) return;
    event.preventDefault();
    onSelect(target);
    document.getElementById(tabIds(group.slug, group.tabs[target]!.id).tab)?.focus();
  }

  return (
    <article className="fc-card fl-dcard" id={id} aria-labelledby={`${id}-name`}>
      <div className="fl-dcard__head">
        <h2 className="fl-dcard__name" id={`${id}-name`}>
          {group.name}
        </h2>
        {group.websites.length ? (
          <p className="fl-dcard__sites">
            {group.websites.map((site) => (
              <a key={site.href} className="fc-btn fc-btn--ghost fc-btn--sm" href={site.href} rel="noopener">
                {site.label}
                <span className="fc-visually-hidden">: {group.name}</span>
              </a>
            ))}
          </p>
        ) : null}
      </div>
      {several ? (
        <div className="fl-tabs" role="tablist" aria-label={`${group.name} locations`} onKeyDown={interactive ? onKeyDown : undefined}>
          {group.tabs.map((tab, i) => {
            const ids = tabIds(group.slug, tab.id);
            const selected = i === current;
            return (
              <a
                key={tab.id}
                id={ids.tab}
                className="fl-tabs__tab"
                role="tab"
                href={tabHref(keep, query, tab.id, group.slug)}
                aria-selected={selected}
                aria-controls={ids.panel}
                tabIndex={interactive ? (selected ? 0 : -1) : undefined}
                onClick={
                  interactive && onSelect
                    ? (e) => {
                        e.preventDefault();
                        onSelect(i);
                      }
                    : undefined
                }
              >
                {tab.label}
              </a>
            );
          })}
        </div>
      ) : null}
      {group.tabs.map((tab, i) => {
        const ids = tabIds(group.slug, tab.id);
        const body = <TabBody group={group} tab={tab} selection={selection} interactive={interactive} keep={keep} query={query} onChoose={onChoose} />;
        return several ? (
          <div key={tab.id} id={ids.panel} className="fl-dcard__panel" role="tabpanel" aria-labelledby={ids.tab} tabIndex={0} hidden={i !== current}>
            {body}
          </div>
        ) : (
          <div key={tab.id} id={ids.panel} className="fl-dcard__panel">
            {body}
          </div>
        );
      })}
    </article>
  );
}

/** A tab's location, and where several types share its address the 'Location type' select (spec §2, §4). */
function TabBody({ group, tab, selection, interactive, keep, query, onChoose }: Omit<DealershipCardProps, 'onSelect'> & { tab: AddressTab }) {
  const shown = shownLocation(tab, selection.choice);
  if (tab.locations.length < 2) return <ListLocationView location={shown} />;
  const selectId = `fl-type-${group.slug}-${tab.id}`;
  const carried = keep.filter(([k]) => k !== 'tab' && k !== 'locationQuery');
  const form = (
    <form className="fl-typeform" method="get" action={`#${cardId(group.slug)}`} onSubmit={interactive ? (e) => e.preventDefault() : undefined}>
      {carried.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {query.trim() ? <input type="hidden" name="locationQuery" value={query.trim()} /> : null}
      <label htmlFor={selectId}>Location type</label>
      <select id={selectId} name="tab" value={shown.id} onChange={(e) => onChoose?.(tab.id, e.target.value)}>
        {tab.locations.map((l) => (
          <option key={l.id} value={l.id}>
            {l.typeLabel}
          </option>
        ))}
      </select>
      {/* Kept once hydrated (as in LocationPanel): hiding it would reflow a wrapped row. The select already switched the
          location in place, so submitting changes nothing. */}
      <button className="fc-btn fc-btn--sm" type="submit">
        Show
      </button>
    </form>
  );
  return <ListLocationView location={shown} before={form} />;
}
