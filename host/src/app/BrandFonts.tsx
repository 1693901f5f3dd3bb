import { preload } from 'react-dom';
import displayFontUrl from '../assets/fonts/fraunces-600.woff2';
import textFontUrl from '../assets/fonts/source-sans-3-400.woff2';
import textStrongFontUrl from '../assets/fonts/source-sans-3-600.woff2';
import './fonts.css';

/**
 * Every page's first screen has a heading in the display face, text, and a button or label in
 * the text face's 600: the page asks for the three files with its HTML instead of once its CSS
 * is laid out, so they are there for the first paint (fonts.css says what happens when they
 * are late).
 */
export function BrandFonts() {
  for (const url of [displayFontUrl, textFontUrl, textStrongFontUrl])
    preload(url, { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' });
  return null;
}
