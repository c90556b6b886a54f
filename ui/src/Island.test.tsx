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

  it('`mode="client"`: `children` are the server stand-in the client replaces; the script holds the island\'s props', () => {
    const html = renderToString(
      <Island remote="mf-search" module="SimilarCars" id="fv-similar" mode="client" when={VISIBLE} props={{ source: { slug: 'a-car' } }}>
        <h2>Similar cars</h2>
      </Island>,
    );
    expect(html).toBe(
      '<div id="fv-similar" data-island="mf-search/SimilarCars" class="fc-island" data-island-when="visible" data-island-mode="client"><h2>Similar cars</h2></div>' +
        '<script type="application/json" data-island-props="fv-similar">{"source":{"slug":"a-car"}}</script>',
    );
    const span = renderToString(
      <Island remote="mf-account" module="LeadForm" id="fa-f" as="span" className="x" mode="client" props={{ id: 'fa-f' }}>
        <b>form</b>
      </Island>,
    );
    expect(span).toMatch(/^<span id="fa-f" data-island="mf-account\/LeadForm" class="fc-island x" data-island-mode="client"><b>form<\/b><\/span><script /);
  });

  it('the default (or `mode="hydrate"`) renders the component and marks no mode', () => {
    const html = renderToString(<Island remote="mf-vehicle" module="ImageGallery" id="g" mode="hydrate" component={Greeting} props={{ name: 'E' }} />);
    expect(html).toBe('<div id="g" data-island="mf-vehicle/ImageGallery" class="fc-island"><b>Hi <!-- -->E</b></div><script type="application/json" data-island-props="g">{"name":"E"}</script>');
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
    // @ts-expect-error client mode renders its children, not a component
    const clientComponent = <Island remote="mf-search" module="SimilarCars" id="x" mode="client" component={Greeting} props={{ name: 'F' }} />;
    // @ts-expect-error a hydrated island renders its component, not children
    const hydratedChildren = <Island remote="mf-search" module="SimilarCars" id="x" component={Greeting} props={{ name: 'G' }}><b>G</b></Island>;
    expect([wrong, badProps, clientComponent, hydratedChildren]).toHaveLength(4);
  });
});
