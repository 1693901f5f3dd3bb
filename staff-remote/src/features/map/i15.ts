// Interstate 15 through the delivery area, north (Layton) to south (Santaquin), as latitude,
// longitude points where it passes each delivery city. No atlas package on npm carries roads
// (us-atlas has boundaries only), so these were written down by hand from the freeway's known
// course and checked against the cities' ZIP centres: a guide line for the eye, accurate to
// about a kilometre, not a route to drive.
export const I15_POINTS: readonly (readonly [latitude: number, longitude: number])[] = [
  [41.14, -112.01], // Davis county line, Layton
  [41.08, -111.97], // Layton
  [41.03, -111.945], // Kaysville
  [40.985, -111.905], // Farmington
  [40.925, -111.89], // Centerville
  [40.875, -111.9], // Bountiful, Woods Cross
  [40.835, -111.92], // North Salt Lake
  [40.78, -111.905], // Salt Lake City, north
  [40.72, -111.905], // Salt Lake City, I-80 junction
  [40.66, -111.902], // Murray
  [40.615, -111.895], // Midvale
  [40.565, -111.894], // Sandy
  [40.51, -111.893], // Draper
  [40.465, -111.905], // Point of the Mountain
  [40.42, -111.885], // Lehi
  [40.375, -111.815], // American Fork
  [40.345, -111.76], // Pleasant Grove
  [40.32, -111.725], // Lindon
  [40.28, -111.705], // Orem
  [40.225, -111.675], // Provo
  [40.175, -111.635], // Springville
  [40.12, -111.64], // Spanish Fork
  [40.05, -111.725], // Payson
  [39.975, -111.79], // Santaquin
];
