/**
 * @forecourt/contracts: everything every part of Forecourt agrees on. Files are also importable one by one
 * (`@forecourt/contracts/routes`, `@forecourt/contracts/entities/car`, ...).
 */
export * from './entities/index.ts';
export * from './tenant.ts';
export * from './tenant-data.ts';
export * from './search.ts';
export * from './parts-search.ts';
export * from './api.ts';
export * from './api-owners.ts';
export * from './internal.ts';
export * from './sign-in.ts';
export * from './redirects.ts';
export * from './form-errors.ts';
export * from './http.ts';
export * from './secrets.ts';
export * from './browser-storage.ts';
export * from './routes.ts';
export * from './events.ts';
export * from './analytics.ts';
export * from './fragments.ts';
export * from './islands.ts';
export * from './lead-forms.ts';
export * from './slots.ts';
export * from './display.ts';
export * from './tenant-store.ts';
export * from './content.ts';
export * from './spin.ts';
export * from './releases.ts';
export * from './constants.ts';
/** The same constants as one object, for iteration and documentation: `constants.PAGE_SIZE`. */
export * as constants from './constants.ts';
