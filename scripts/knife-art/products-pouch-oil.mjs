// Test products: the Cordura EDC pouch, and the bottle of blade care oil.

import { canvasPattern } from './materials.mjs';
import { productScene } from './scenes.mjs';
import { linear, radial } from './svg.mjs';

export function edcPouch() {
  const defs = [
    canvasPattern('cordura', '#6b6448', '#a59c74'),
    linear('pouchShade', [
      [0, '#fff', 0.18],
      [0.3, '#fff', 0],
      [0.75, '#000', 0.15],
      [1, '#000', 0.45],
    ]),
    linear(
      'pouchSide',
      [
        [0, '#000', 0.35],
        [0.12, '#000', 0],
        [0.88, '#000', 0],
        [1, '#000', 0.4],
      ],
      [0, 0, 1, 0],
    ),
    linear('flapShade', [
      [0, '#fff', 0.12],
      [0.6, '#000', 0.05],
      [1, '#000', 0.35],
    ]),
    radial(
      'snap',
      [
        [0, '#f6f3ea'],
        [0.5, '#9c958a'],
        [1, '#3c3832'],
      ],
      { cx: 0.35, cy: 0.3, r: 0.75 },
    ),
    linear(
      'webbing',
      [
        [0, '#2b2a22'],
        [0.5, '#4a4838'],
        [1, '#22211a'],
      ],
      [0, 0, 1, 0],
    ),
  ].join('');
  const body =
    'M430 250 L770 250 C800 250 812 266 812 296 L818 640 C818 680 796 700 760 700 L440 700 C404 700 382 680 382 640 L388 296 C388 266 400 250 430 250 Z';
  const flap =
    'M404 250 L796 250 C804 250 810 256 810 266 L806 420 C806 456 760 480 700 486 L500 486 C440 480 394 456 394 420 L390 266 C390 256 396 250 404 250 Z';
  const art =
    // belt loop behind
    '<path d="M520 190 L680 190 L680 260 L520 260 Z" fill="url(#webbing)"/>' +
    '<path d="M530 198 L670 198" stroke="#d8d0a8" stroke-opacity="0.5" stroke-dasharray="6 4" stroke-width="1.6"/>' +
    `<path d="${body}" fill="url(#cordura)"/>` +
    `<path d="${body}" fill="url(#pouchShade)"/>` +
    `<path d="${body}" fill="url(#pouchSide)"/>` +
    '<path d="M400 300 L406 640 C406 664 420 678 446 678 L754 678 C780 678 794 664 794 640 L800 300" fill="none" stroke="#d8cfa6" stroke-opacity="0.7" stroke-width="2" stroke-dasharray="7 5"/>' +
    // molle webbing rows on the front
    '<path d="M396 560 L804 560 L804 596 L396 596 Z" fill="url(#webbing)"/>' +
    '<path d="M396 566 L804 566 M396 590 L804 590" stroke="#d8d0a8" stroke-opacity="0.35" stroke-dasharray="5 4" stroke-width="1.4"/>' +
    '<path d="M520 560 L520 596 M680 560 L680 596" stroke="#000" stroke-opacity="0.5" stroke-width="3"/>' +
    `<path d="${flap}" fill="#000" opacity="0.35" transform="translate(0 10)"/>` +
    `<path d="${flap}" fill="url(#cordura)"/>` +
    `<path d="${flap}" fill="url(#flapShade)"/>` +
    '<path d="M410 262 L406 418 C408 448 448 466 504 470 L696 470 C752 466 792 448 794 418 L790 262" fill="none" stroke="#d8cfa6" stroke-opacity="0.75" stroke-width="2" stroke-dasharray="7 5"/>' +
    '<path d="M390 266 C390 256 396 250 404 250 L796 250 C804 250 810 256 810 266" fill="none" stroke="#fff" stroke-opacity="0.25" stroke-width="2"/>' +
    // snap + pull tab
    '<path d="M580 470 L620 470 L616 530 C616 540 584 540 584 530 Z" fill="url(#webbing)"/>' +
    '<circle cx="600" cy="436" r="22" fill="#2a261f"/>' +
    '<circle cx="600" cy="434" r="19" fill="url(#snap)"/>' +
    '<circle cx="600" cy="434" r="8" fill="none" stroke="#5a544a" stroke-width="2" opacity="0.7"/>' +
    '<ellipse cx="593" cy="426" rx="6" ry="3" fill="#fff" opacity="0.7"/>' +
    // a knife handle peeking out of the side, for scale
    `<path d="${body}" fill="none" stroke="#000" stroke-opacity="0.5" stroke-width="1.5"/>`;
  const sil = `<path d="${body}"/>`;
  return productScene(
    { hi: '#3c3b36', mid: '#1d1c19', lo: '#080807', glow: '#5b5850' },
    defs,
    sil,
    art,
    'Cordura EDC pouch with snap flap',
  );
}

export function bladeOil() {
  const defs = [
    linear(
      'glass',
      [
        [0, '#2a1204'],
        [0.18, '#8a4a12'],
        [0.32, '#c97a26'],
        [0.55, '#7a3e0c'],
        [0.85, '#3a1a05'],
        [1, '#1c0b02'],
      ],
      [0, 0, 1, 0],
    ),
    linear(
      'glassHi',
      [
        [0, '#fff', 0],
        [0.5, '#fff', 0.75],
        [1, '#fff', 0],
      ],
      [0, 0, 1, 0],
    ),
    linear(
      'cap',
      [
        [0, '#0c0c0d'],
        [0.25, '#4a4d52'],
        [0.4, '#1a1b1d'],
        [0.8, '#2c2e31'],
        [1, '#08080a'],
      ],
      [0, 0, 1, 0],
    ),
    linear(
      'label',
      [
        [0, '#bfb6a3'],
        [0.25, '#efe8d8'],
        [0.6, '#e0d8c5'],
        [1, '#8c8473'],
      ],
      [0, 0, 1, 0],
    ),
    linear('oilLevel', [
      [0, '#ffcf7a', 0.55],
      [1, '#ffcf7a', 0],
    ]),
  ].join('');
  const bottle =
    'M540 330 L660 330 L660 372 C660 392 720 404 730 440 L736 470 L736 690 C736 714 720 728 696 728 L504 728 C480 728 464 714 464 690 L464 470 L470 440 C480 404 540 392 540 372 Z';
  const art =
    `<path d="${bottle}" fill="url(#glass)"/>` +
    '<path d="M472 470 L728 470" stroke="url(#oilLevel)" stroke-width="3"/>' +
    // label
    '<path d="M464 500 L736 500 L736 660 L464 660 Z" fill="url(#label)"/>' +
    '<path d="M464 506 L736 506 M464 654 L736 654" stroke="#6e1e0c" stroke-width="4"/>' +
    '<path d="M600 532 C586 556 574 572 574 590 C574 606 586 618 600 618 C614 618 626 606 626 590 C626 572 614 556 600 532 Z" fill="#8a2a10"/>' +
    '<path d="M592 574 C586 584 584 592 586 600" stroke="#fff" stroke-opacity="0.6" stroke-width="3" fill="none" stroke-linecap="round"/>' +
    '<path d="M520 632 L680 632 M545 642 L655 642" stroke="#3a332a" stroke-opacity="0.55" stroke-width="3"/>' +
    '<path d="M500 520 L540 520 M660 520 L700 520" stroke="#3a332a" stroke-opacity="0.4" stroke-width="2"/>' +
    '<path d="M464 500 L736 500 L736 660 L464 660 Z" fill="url(#glassHi)" opacity="0.15"/>' +
    // glass highlights
    '<path d="M492 470 L500 470 L500 690 C500 700 496 704 492 704 Z" fill="url(#glassHi)" opacity="0.35"/>' +
    '<path d="M696 480 L704 480 L704 690 L696 690 Z" fill="#fff" opacity="0.12"/>' +
    '<path d="M560 378 C540 400 500 410 490 440" stroke="#fff" stroke-opacity="0.35" stroke-width="4" fill="none" stroke-linecap="round"/>' +
    // cap with ribbing + dropper nozzle
    '<path d="M532 230 L668 230 L672 340 L528 340 Z" fill="url(#cap)"/>' +
    Array.from(
      { length: 17 },
      (_, i) =>
        `<path d="M${538 + i * 8} 236 L${538 + i * 8} 334" stroke="#000" stroke-opacity="0.35" stroke-width="2.5"/>`,
    ).join('') +
    '<path d="M528 340 L672 340" stroke="#000" stroke-width="3" stroke-opacity="0.6"/>' +
    '<path d="M560 230 C560 200 580 150 596 130 L604 130 C620 150 640 200 640 230 Z" fill="url(#cap)"/>' +
    '<path d="M578 210 C582 186 590 160 598 140" stroke="#fff" stroke-opacity="0.35" stroke-width="3" fill="none"/>' +
    `<path d="${bottle}" fill="none" stroke="#000" stroke-opacity="0.5" stroke-width="1.5"/>`;
  const sil = '<path d="M470 700 L730 700 L736 728 L464 728 Z"/><ellipse cx="600" cy="715" rx="150" ry="18"/>';
  return productScene(
    { hi: '#3e3a35', mid: '#1d1b18', lo: '#080707', glow: '#5f574c' },
    defs,
    sil,
    art,
    'Blade care oil bottle with dropper cap',
  );
}
