// @ts-check
// The demo catalogue's pictures as SVG: one container per kind of product (capsule jar, tea box, oil
// dropper, gel tube, cream jar, seed pouch, kit box), in the product's colour, with its name on the label
// and a sprig of its plant beside it. Drawn by scripts/demo-photos/make.mjs.

/** @typedef {{ sku: string, label: string, kind: 'jar' | 'tea' | 'oil' | 'tube' | 'cream' | 'pouch' | 'kit' | 'drops', colour: string, leaf: string, background: string }} Picture */

/** @type {Picture[]} */
export const PICTURES = [
  { sku: 'KIT-INICIO', label: 'Kit de Inicio', kind: 'kit', colour: '#2f6b4f', leaf: '#6aa84f', background: '#eef5ec' },
  { sku: 'MOR-500', label: 'Moringa', kind: 'jar', colour: '#4f7d2c', leaf: '#7cb342', background: '#f1f6e8' },
  { sku: 'CUR-300', label: 'Cúrcuma', kind: 'jar', colour: '#d9891a', leaf: '#8d9f3a', background: '#fbf3e4' },
  { sku: 'TVE-020', label: 'Té verde', kind: 'tea', colour: '#3f8f5a', leaf: '#5aa469', background: '#ecf6ef' },
  { sku: 'MAN-020', label: 'Manzanilla', kind: 'tea', colour: '#e0b92e', leaf: '#6f9e4c', background: '#fbf7e6' },
  { sku: 'VAL-060', label: 'Valeriana', kind: 'jar', colour: '#6d5a9e', leaf: '#7a9f5a', background: '#f1eff8' },
  { sku: 'LAV-030', label: 'Lavanda', kind: 'oil', colour: '#7e6bc4', leaf: '#8a7fd0', background: '#f2f0fa' },
  { sku: 'ROM-030', label: 'Romero', kind: 'oil', colour: '#3b6e5e', leaf: '#4f8a6f', background: '#ecf3f0' },
  { sku: 'ALO-250', label: 'Aloe vera', kind: 'tube', colour: '#4caf7a', leaf: '#66bb6a', background: '#ebf7f0' },
  { sku: 'JEN-060', label: 'Jengibre', kind: 'jar', colour: '#b7773a', leaf: '#8aa04a', background: '#f8f0e6' },
  { sku: 'CAL-050', label: 'Caléndula', kind: 'cream', colour: '#ef9a2b', leaf: '#7fa650', background: '#fdf3e4' },
  { sku: 'EQU-020', label: 'Cola de caballo', kind: 'tea', colour: '#5c8a3a', leaf: '#6d9b45', background: '#eef4e8' },
  { sku: 'ESP-120', label: 'Espirulina', kind: 'jar', colour: '#1f7a7a', leaf: '#2e9c8f', background: '#e8f4f3' },
  { sku: 'PRO-030', label: 'Propóleo', kind: 'drops', colour: '#a0661c', leaf: '#b98a2f', background: '#f8f1e4' },
  { sku: 'CHI-500', label: 'Chía', kind: 'pouch', colour: '#5b6470', leaf: '#7c9a56', background: '#f0f2f3' },
];

const esc = (/** @type {string} */ text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A label with the product's name, centred at (x, y) and at most `width` wide. */
function label(/** @type {string} */ text, x, y, width, colour) {
  const size = Math.min(40, Math.floor((width * 1.45) / Math.max(text.length, 6)));
  return `<rect x="${x - width / 2}" y="${y - 42}" width="${width}" height="84" rx="10" fill="#fffdf8"/>
  <text x="${x}" y="${y + size / 3}" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${size}" fill="${colour}">${esc(text)}</text>`;
}

/** A sprig: a stem with leaves, leaning from the bottom left. */
function sprig(/** @type {string} */ colour) {
  const leaves = [0, 1, 2, 3, 4]
    .map((i) => {
      const y = 520 - i * 62;
      const side = i % 2 === 0 ? -1 : 1;
      return `<ellipse cx="${128 + side * 30 - i * 4}" cy="${y}" rx="34" ry="14" transform="rotate(${side * -35} ${128 + side * 30 - i * 4} ${y})" fill="${colour}"/>`;
    })
    .join('');
  return `<g opacity="0.9"><path d="M140 600 C 130 480, 120 360, 112 250" stroke="${colour}" stroke-width="6" fill="none"/>${leaves}</g>`;
}

const containers = {
  jar: (/** @type {Picture} */ p) => `
  <rect x="250" y="150" width="220" height="60" rx="12" fill="#3a3a3a"/>
  <rect x="230" y="200" width="260" height="360" rx="36" fill="${p.colour}"/>
  <rect x="245" y="215" width="30" height="320" rx="14" fill="#ffffff" opacity="0.18"/>
  ${label(p.label, 360, 380, 220, p.colour)}
  <ellipse cx="520" cy="560" rx="26" ry="12" fill="${p.colour}" opacity="0.8"/><ellipse cx="560" cy="548" rx="26" ry="12" fill="${p.colour}" opacity="0.6"/>`,
  tea: (/** @type {Picture} */ p) => `
  <path d="M200 220 L 480 190 L 500 540 L 220 560 Z" fill="${p.colour}"/>
  <path d="M480 190 L 540 230 L 556 560 L 500 540 Z" fill="${p.colour}" opacity="0.7"/>
  ${label(p.label, 352, 380, 230, p.colour)}
  <rect x="470" y="470" width="120" height="90" rx="8" fill="#fffdf8" stroke="${p.colour}" stroke-width="4"/>
  <path d="M530 470 L 530 420" stroke="#8a6d4a" stroke-width="3"/><rect x="515" y="400" width="30" height="22" fill="${p.colour}"/>`,
  oil: (/** @type {Picture} */ p) => `
  <rect x="318" y="110" width="84" height="70" rx="30" fill="#2c2c2c"/>
  <rect x="300" y="170" width="120" height="50" rx="8" fill="#2c2c2c"/>
  <rect x="250" y="210" width="220" height="350" rx="40" fill="${p.colour}"/>
  <rect x="265" y="225" width="28" height="310" rx="14" fill="#ffffff" opacity="0.2"/>
  ${label(p.label, 360, 400, 196, p.colour)}`,
  drops: (/** @type {Picture} */ p) => `
  <rect x="325" y="150" width="70" height="80" rx="28" fill="#2c2c2c"/>
  <rect x="270" y="220" width="180" height="330" rx="34" fill="${p.colour}"/>
  ${label(p.label, 360, 400, 170, p.colour)}
  <path d="M520 330 C 500 370, 500 390, 520 400 C 540 390, 540 370, 520 330 Z" fill="${p.colour}"/>`,
  tube: (/** @type {Picture} */ p) => `
  <path d="M250 150 L 470 150 L 440 520 L 280 520 Z" fill="${p.colour}"/>
  <rect x="240" y="130" width="240" height="30" rx="6" fill="${p.colour}" opacity="0.75"/>
  <rect x="300" y="520" width="120" height="60" rx="10" fill="#f4f4f4" stroke="#bdbdbd" stroke-width="3"/>
  ${label(p.label, 360, 330, 190, p.colour)}`,
  cream: (/** @type {Picture} */ p) => `
  <rect x="200" y="290" width="320" height="80" rx="18" fill="#ffffff" stroke="${p.colour}" stroke-width="6"/>
  <rect x="210" y="360" width="300" height="190" rx="30" fill="${p.colour}"/>
  ${label(p.label, 360, 455, 230, p.colour)}
  <circle cx="520" cy="250" r="34" fill="${p.colour}" opacity="0.85"/><circle cx="520" cy="250" r="12" fill="#fff3c4"/>`,
  pouch: (/** @type {Picture} */ p) => `
  <path d="M230 170 L 490 170 L 510 560 L 210 560 Z" fill="${p.colour}"/>
  <rect x="230" y="170" width="260" height="24" fill="#ffffff" opacity="0.25"/>
  ${label(p.label, 360, 380, 220, p.colour)}
  ${[0, 1, 2, 3, 4, 5].map((i) => `<ellipse cx="${520 + (i % 3) * 22}" cy="${520 + Math.floor(i / 3) * 20}" rx="8" ry="6" fill="#4a4a4a"/>`).join('')}`,
  kit: (/** @type {Picture} */ p) => `
  <rect x="170" y="280" width="380" height="280" rx="16" fill="${p.colour}"/>
  <path d="M170 280 L 240 200 L 620 200 L 550 280 Z" fill="${p.colour}" opacity="0.75"/>
  <rect x="250" y="150" width="60" height="140" rx="14" fill="#7cb342"/><rect x="330" y="130" width="50" height="160" rx="14" fill="#7e6bc4"/><rect x="400" y="160" width="80" height="130" rx="10" fill="#3f8f5a"/>
  ${label(p.label, 360, 420, 260, p.colour)}`,
};

/** @param {Picture} picture @param {number} size */
export function pictureSvg(picture, size) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 720 720">
  <defs><radialGradient id="g" cx="50%" cy="40%" r="70%"><stop offset="0%" stop-color="#ffffff"/><stop offset="100%" stop-color="${picture.background}"/></radialGradient></defs>
  <rect width="720" height="720" fill="url(#g)"/>
  <ellipse cx="360" cy="590" rx="250" ry="26" fill="#000000" opacity="0.08"/>
  ${sprig(picture.leaf)}
  ${containers[picture.kind](picture)}
</svg>`;
}
