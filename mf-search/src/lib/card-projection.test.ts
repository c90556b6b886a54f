/**
 * The card projection a snapshot answers search hits with (engine/card-projection.ts) keeps everything a list of cars
 * shows: on every demo car (and the sample car), the card view model under several tenant settings, the finance
 * strip's photo rule, and the projection is still a valid Car. A card that starts reading a dropped field fails here.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CarSchema, type Car } from '@forecourt/contracts/entities/car';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { siteConfig } from '@forecourt/contracts/fixtures/tenant';
import { demoStock } from '@forecourt/demo';
import { cardProjection, decodeCard, encodeCards, splitCards } from '../engine/card-projection.ts';
import { cardOptions, toCardCar } from './card.ts';
import { hasSeveralPhotos } from './stock-strip.ts';

const NOW = Date.UTC(2026, 10, 21, 12);
const CARS: Car[] = [...Object.values(demoStock({ now: NOW })).flat(), v.parse(CarSchema, sampleCar)];
/** The tenant settings a card depends on, at both ends: every chip, the detailed title, compare mode, overrides. */
const OPTIONS = [
  cardOptions(siteConfig('test-motors'), NOW),
  cardOptions(
    siteConfig('test-motors', {
      search: { card_title: 'detailed', card_chips: ['car_type', 'simple_body', 'km', 'simple_transmission', 'stocknum', 'views', 'seats', 'engine_size', 'fuel'], card_control: 'compare' },
      features: { compare: true, electric_tag: true, coming_soon_test_drive: false },
    }),
    NOW,
  ),
  cardOptions(siteConfig('test-motors', { override_city: 'Parramatta', manufacturer: 'toyota' }), NOW),
];

describe('card projection (search hits of a snapshot)', () => {
  it('shows the same card as the full car, encoded and decoded as a snapshot stores it', () => {
    const block = splitCards(encodeCards(CARS));
    CARS.forEach((car, k) => {
      const card = decodeCard(block, k)!;
      for (const options of OPTIONS) expect(toCardCar(card, options), car.slug).toEqual(toCardCar(car, options));
      expect(hasSeveralPhotos(card), car.slug).toBe(hasSeveralPhotos(car));
    });
  }, 60_000);

  it('is a valid Car, decoded or not', () => {
    const block = splitCards(encodeCards(CARS));
    CARS.forEach((car, k) => {
      expect(v.safeParse(CarSchema, cardProjection(car)).success, car.slug).toBe(true);
      expect(v.safeParse(CarSchema, decodeCard(block, k)).success, car.slug).toBe(true);
    });
  }, 60_000);

  it('is about 1 KB a car encoded (what a snapshot keeps in memory per car), under a fifth of the full car', () => {
    const full = CARS.reduce((sum, car) => sum + JSON.stringify(car).length, 0);
    const encoded = encodeCards(CARS).length;
    expect(encoded / CARS.length).toBeLessThan(1_300);
    expect(encoded).toBeLessThan(full / 5);
  }, 60_000);
});
