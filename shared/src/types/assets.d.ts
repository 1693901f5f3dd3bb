// Style sheets and images are bundled by webpack; TypeScript only needs to know they exist.
declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.png' {
  const url: string;
  export default url;
}
declare module '*.jpg' {
  const url: string;
  export default url;
}
declare module '*.webp' {
  const url: string;
  export default url;
}
declare module '*.avif' {
  const url: string;
  export default url;
}
/** Owner-editable Markdown pages, made into HTML at build time (scripts/content/markdown-module.cjs). */
declare module '*.md' {
  const page: { draft: boolean; html: string };
  export default page;
}
declare module '*.woff2' {
  const url: string;
  export default url;
}
