export { Breadcrumbs, type Crumb } from './Breadcrumbs.tsx';
export { Island, VISIBLE, type IslandProps } from './Island.tsx';
