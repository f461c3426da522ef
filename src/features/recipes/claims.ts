// Supplements may not promise to cure, treat, prevent or slim (SCREENS.md §Recetario): the editor
// warns, without blocking, when a recipe's text says so. Whole words only, without accents or
// capitals, so «cúrcuma» or «procurar» never match; «se trata de» (it is about) is not a claim.

/** Each family of forms, written without accents; the warning quotes what the text said. */
const CLAIM_PATTERNS: RegExp[] = [
  // curar: cura, curan, curará, curaría, cure, curación, curativo…
  /\bcur(a|as|an|o|e|es|en|amos|ar|ara|aran|aras|are|aria|arian|ado|ada|ados|adas|ando|acion|aciones|ativo|ativa|ativos|ativas)\b/g,
  // tratar: trata, tratan, tratamiento… but not «trata de» / «tratan de» (tries to, is about)
  /\btrat(a|as|an|e|en|ar|ara|aran|aria|ando|amiento|amientos)\b(?!\s+de\b)/g,
  /\btratamientos?\b/g,
  // prevenir: previene, previenen, prevención, preventivo…
  /\bpreven(ir|imos|ga|gan|dra|dran|dria|ion|ciones|cion|tivo|tiva|tivos|tivas)\b/g,
  /\bprevien(e|es|en)\b/g,
  /\bprevin(iendo|o|ieron)\b/g,
  // adelgazar: adelgaza, adelgazante, adelgazamiento, adelgace…
  /\badelga(za|zas|zan|zar|zara|zaran|zaria|zando|zado|zada|zante|zantes|zamiento|ce|cen)\b/g,
];

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The therapeutic claims in `text`, as written (first appearance of each, in order). */
export function findClaims(text: string): string[] {
  // NFD then stripping marks keeps every other letter in place, so indexes map back to the text.
  const original = text.normalize('NFD');
  const folded = fold(text);
  const hits: { at: number; word: string }[] = [];
  for (const pattern of CLAIM_PATTERNS) {
    for (const match of folded.matchAll(pattern)) hits.push({ at: match.index, word: match[0] });
  }
  const seen = new Set<string>();
  const found: string[] = [];
  for (const hit of hits.sort((a, b) => a.at - b.at)) {
    if (seen.has(hit.word)) continue;
    seen.add(hit.word);
    found.push(wordAt(original, hit.at, hit.word.length));
  }
  return found;
}

// The folded text lost the combining marks only: walk the original counting base letters.
function wordAt(original: string, foldedStart: number, length: number): string {
  let base = 0;
  let start = -1;
  let i = 0;
  for (; i < original.length; i++) {
    const isMark = /[\u0300-\u036f]/.test(original[i]!);
    if (!isMark) {
      if (base === foldedStart) start = i;
      if (base === foldedStart + length) break;
      base++;
    }
  }
  return original.slice(start, i).normalize('NFC');
}
