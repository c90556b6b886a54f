import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { Island, VISIBLE } from './Island.tsx';

function Greeting({ name }: { name: string }) {
  return <b>Hi {name}</b>;
}

describe('Island', () => {
  it('a div named <remote>/<module> around the server render, its props in a JSON script beside it', () => {
    const html = renderToString(<Island remote="mf-locations" module="LocationsList" id="fl-list" component={Greeting} props={{ name: 'Ann' }} />);
    expect(html).toBe(
      '<div id="fl-list" data-island="mf-locations/LocationsList" class="fc-island"><b>Hi <!-- -->Ann</b></div>' +
        '<script type="application/json" data-island-props="fl-list">{"name":"Ann"}</script>',
    );
  });

  it('`when` defers its code; `className` follows fc-island; `as` makes it a span inside phrasing content', () => {
    const html = renderToString(
      <Island remote="mf-vehicle" module="ViewCount" id="fv-views" as="span" className="fv-views" when={VISIBLE} component={Greeting} props={{ name: 'Bo' }} />,
    );
    expect(html).toMatch(/^<span id="fv-views" data-island="mf-vehicle\/ViewCount" class="fc-island fv-views" data-island-when="visible"><b>Hi <!-- -->Bo<\/b><\/span><script /);
    const triggers = renderToString(
      <Island remote="mf-account" module="HeaderAccount" id="fa-h" component={Greeting} props={{ name: 'C' }} when={[{ kind: 'storage', key: 'forecourt:favourites' }, { kind: 'event', name: 'favourites.changed.v1' }]} />,
    );
    expect(triggers).toContain('class="fc-island" data-island-when="storage:forecourt:favourites event:favourites.changed.v1">');
  });

  it('props cannot close the script tag', () => {
    const html = renderToString(<Island remote="mf-search" module="SearchResults" id="fs" component={Greeting} props={{ name: '</script><x>' }} />);
    expect(html).toContain('<script type="application/json" data-island-props="fs">{"name":"\\u003c/script\\u003e\\u003cx\\u003e"}</script>');
  });

  it("the module is checked against the remote's islands in contracts ISLANDS", () => {
    // @ts-expect-error SearchResults is mf-search's island, not mf-vehicle's
    const wrong = <Island remote="mf-vehicle" module="SearchResults" id="x" component={Greeting} props={{ name: 'D' }} />;
    // @ts-expect-error the props must be the component's
    const badProps = <Island remote="mf-search" module="SearchResults" id="x" component={Greeting} props={{ title: 'D' }} />;
    expect([wrong, badProps]).toHaveLength(2);
  });
});
