// Icons as small SVG components (drawings from Lucide, ISC licence, as react-icons ships them): the same markup,
// without react-icons' runtime (IconBase, context) in every page load. The brand marks are Lucide's outlines too:
// a quarter of the bytes of Font Awesome's filled ones. Icons used by the shell live here; a page's own icons are declared in that page's chunk.
import { createElement, type ReactElement, type SVGProps } from 'react';

type IconNode = [tag: string, attributes: Record<string, string>];
export type IconComponent = (props: SVGProps<SVGSVGElement>) => ReactElement;

export function svgIcon(root: SVGProps<SVGSVGElement>, children: IconNode[]): IconComponent {
  return function Icon(props) {
    return createElement(
      'svg',
      { xmlns: 'http://www.w3.org/2000/svg', width: '1em', height: '1em', fill: 'currentColor', ...root, ...props },
      children.map(([tag, attributes], key) => createElement(tag, { key, ...attributes })),
    );
  };
}

const LUCIDE: SVGProps<SVGSVGElement> = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
};

export const lucideIcon = (children: IconNode[]): IconComponent => svgIcon(LUCIDE, children);

export const LuChevronDown = lucideIcon([['path', { d: 'm6 9 6 6 6-6' }]]);
export const LuChevronLeft = lucideIcon([['path', { d: 'm15 18-6-6 6-6' }]]);
export const LuChevronRight = lucideIcon([['path', { d: 'm9 18 6-6-6-6' }]]);
export const LuClock = lucideIcon([
  ['circle', { cx: '12', cy: '12', r: '10' }],
  ['polyline', { points: '12 6 12 12 16 14' }],
]);
export const LuMail = lucideIcon([
  ['rect', { width: '20', height: '16', x: '2', y: '4', rx: '2' }],
  ['path', { d: 'm22 7-8.97 5.7a1.94 1.94 0 0 1-2.06 0L2 7' }],
]);
export const LuMapPin = lucideIcon([
  ['path', { d: 'M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0' }],
  ['circle', { cx: '12', cy: '10', r: '3' }],
]);
export const LuMenu = lucideIcon([
  ['line', { x1: '4', x2: '20', y1: '12', y2: '12' }],
  ['line', { x1: '4', x2: '20', y1: '6', y2: '6' }],
  ['line', { x1: '4', x2: '20', y1: '18', y2: '18' }],
]);
export const LuMoon = lucideIcon([['path', { d: 'M12 3a6 6 0 0 0 9 9 9 9 0 1 1-9-9Z' }]]);
export const LuPause = lucideIcon([
  ['rect', { x: '14', y: '4', width: '4', height: '16', rx: '1' }],
  ['rect', { x: '6', y: '4', width: '4', height: '16', rx: '1' }],
]);
export const LuPhone = lucideIcon([
  [
    'path',
    {
      d: 'M22 16.92v3a2 2 0 0 1-2.18 2 19.79 19.79 0 0 1-8.63-3.07 19.5 19.5 0 0 1-6-6 19.79 19.79 0 0 1-3.07-8.67A2 2 0 0 1 4.11 2h3a2 2 0 0 1 2 1.72 12.84 12.84 0 0 0 .7 2.81 2 2 0 0 1-.45 2.11L8.09 9.91a16 16 0 0 0 6 6l1.27-1.27a2 2 0 0 1 2.11-.45 12.84 12.84 0 0 0 2.81.7A2 2 0 0 1 22 16.92z',
    },
  ],
]);
export const LuPlay = lucideIcon([['polygon', { points: '6 3 20 12 6 21 6 3' }]]);
export const LuSun = lucideIcon([
  ['circle', { cx: '12', cy: '12', r: '4' }],
  ['path', { d: 'M12 2v2' }],
  ['path', { d: 'M12 20v2' }],
  ['path', { d: 'm4.93 4.93 1.41 1.41' }],
  ['path', { d: 'm17.66 17.66 1.41 1.41' }],
  ['path', { d: 'M2 12h2' }],
  ['path', { d: 'M20 12h2' }],
  ['path', { d: 'm6.34 17.66-1.41 1.41' }],
  ['path', { d: 'm19.07 4.93-1.41 1.41' }],
]);
export const LuX = lucideIcon([
  ['path', { d: 'M18 6 6 18' }],
  ['path', { d: 'm6 6 12 12' }],
]);
export const LuInstagram = lucideIcon([
  ['rect', { width: '20', height: '20', x: '2', y: '2', rx: '5', ry: '5' }],
  ['path', { d: 'M16 11.37A4 4 0 1 1 12.63 8 4 4 0 0 1 16 11.37z' }],
  ['line', { x1: '17.5', x2: '17.51', y1: '6.5', y2: '6.5' }],
]);
export const LuLinkedin = lucideIcon([
  ['path', { d: 'M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-2-2 2 2 0 0 0-2 2v7h-4v-7a6 6 0 0 1 6-6z' }],
  ['rect', { width: '4', height: '12', x: '2', y: '9' }],
  ['circle', { cx: '4', cy: '4', r: '2' }],
]);
export const LuYoutube = lucideIcon([
  [
    'path',
    {
      d: 'M2.5 17a24.12 24.12 0 0 1 0-10 2 2 0 0 1 1.4-1.4 49.56 49.56 0 0 1 16.2 0A2 2 0 0 1 21.5 7a24.12 24.12 0 0 1 0 10 2 2 0 0 1-1.4 1.4 49.55 49.55 0 0 1-16.2 0A2 2 0 0 1 2.5 17',
    },
  ],
  ['path', { d: 'm10 15 5-3-5-3z' }],
]);
