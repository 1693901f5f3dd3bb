import { preload } from 'react-dom';
import displayFontUrl from '../assets/fonts/fraunces.woff2';
import textFontUrl from '../assets/fonts/source-sans-3.woff2';
import './fonts.css';

/**
 * Every page's first screen has a heading in the display face and text in the text face: the
 * page asks for both with its HTML instead of once its CSS is laid out, so they are there for
 * the first paint (fonts.css says why they are never swapped in later). One file per face:
 * each holds every weight the site uses (variable).
 */
export function BrandFonts() {
  preload(displayFontUrl, { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' });
  preload(textFontUrl, { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' });
  return null;
}
