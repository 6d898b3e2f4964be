/**
 * US geographic area codes by state (NANPA's assignments, including the overlays in service or
 * announced up to 2025), and the time zones each state spans. The last resort of quiet hours: a
 * recipient with neither a time zone nor a state is placed by the area code of their number. Keep
 * this the one place these live; a new overlay is one more number in its state's list.
 *
 * Non-geographic codes (toll-free 8xx, 500s, 900) and Canadian and Caribbean codes are absent: a
 * number with one of them has no known location, and the gate holds it to the window of every US
 * time zone (see quiet-hours.ts).
 */

/** IANA zones. */
const ET = 'America/New_York';
const CT = 'America/Chicago';
const MT = 'America/Denver';
const PT = 'America/Los_Angeles';

/**
 * Every zone a state spans, the one most of its people live in first. A state with several is held
 * to the window that is open in all of them (quiet-hours.ts): a contact placed only by state might
 * live in any part of it, and the rules are the recipient's local time.
 */
export const STATE_TIME_ZONES: Record<string, readonly string[]> = {
  AL: [CT], AK: ['America/Anchorage', 'America/Adak'], AZ: ['America/Phoenix'], AR: [CT], CA: [PT], CO: [MT],
  CT: [ET], DE: [ET], DC: [ET], FL: [ET, CT], GA: [ET], HI: ['Pacific/Honolulu'], ID: ['America/Boise', PT],
  IL: [CT], IN: ['America/Indiana/Indianapolis', CT], IA: [CT], KS: [CT, MT], KY: [ET, CT], LA: [CT], ME: [ET],
  MD: [ET], MA: [ET], MI: ['America/Detroit', 'America/Menominee'], MN: [CT], MS: [CT], MO: [CT], MT: [MT],
  NE: [CT, MT], NV: [PT], NH: [ET], NJ: [ET], NM: [MT], NY: [ET], NC: [ET], ND: [CT, MT], OH: [ET], OK: [CT],
  OR: [PT, 'America/Boise'], PA: [ET], RI: [ET], SC: [ET], SD: [CT, MT], TN: [CT, ET], TX: [CT, MT], UT: [MT],
  VT: [ET], VA: [ET], WA: [PT], WV: [ET], WI: [CT], WY: [MT],
  PR: ['America/Puerto_Rico'], VI: ['America/St_Thomas'], GU: ['Pacific/Guam'], MP: ['Pacific/Saipan'], AS: ['Pacific/Pago_Pago'],
};

/** Area codes by state (and territory). */
export const AREA_CODES_BY_STATE: Record<string, readonly number[]> = {
  AL: [205, 251, 256, 334, 483, 659, 938],
  AK: [907],
  AZ: [480, 520, 602, 623, 928],
  AR: [327, 479, 501, 870],
  CA: [209, 213, 279, 310, 323, 341, 350, 369, 408, 415, 424, 442, 510, 530, 559, 562, 619, 626, 628, 650, 657, 661, 669, 707, 714, 738, 747, 760, 805, 818, 820, 831, 837, 840, 858, 909, 916, 925, 949, 951],
  CO: [303, 719, 720, 748, 970, 983],
  CT: [203, 475, 860, 959],
  DE: [302],
  DC: [202, 771],
  FL: [239, 305, 321, 324, 352, 386, 407, 448, 561, 645, 656, 689, 727, 728, 754, 772, 786, 813, 850, 863, 904, 941, 954],
  GA: [229, 404, 470, 478, 678, 706, 762, 770, 912, 943],
  HI: [808],
  ID: [208, 986],
  IL: [217, 224, 309, 312, 331, 447, 464, 618, 630, 708, 730, 773, 779, 815, 847, 861, 872],
  IN: [219, 260, 317, 463, 574, 765, 812, 930],
  IA: [319, 515, 563, 641, 712],
  KS: [316, 620, 785, 913],
  KY: [270, 364, 502, 606, 859],
  LA: [225, 318, 337, 457, 504, 985],
  ME: [207],
  MD: [227, 240, 301, 410, 443, 667],
  MA: [339, 351, 413, 508, 617, 774, 781, 857, 978],
  MI: [231, 248, 269, 313, 517, 586, 616, 679, 734, 810, 906, 947, 989],
  MN: [218, 320, 507, 612, 651, 763, 924, 952],
  MS: [228, 601, 662, 769],
  MO: [235, 314, 417, 557, 573, 636, 660, 816, 975],
  MT: [406],
  NE: [308, 402, 531],
  NV: [702, 725, 775],
  NH: [603],
  NJ: [201, 551, 609, 640, 732, 848, 856, 862, 908, 973],
  NM: [505, 575],
  NY: [212, 315, 329, 332, 347, 363, 516, 518, 585, 607, 624, 631, 646, 680, 716, 718, 838, 845, 914, 917, 929, 934],
  NC: [252, 336, 472, 704, 743, 828, 910, 919, 980, 984],
  ND: [701],
  OH: [216, 220, 234, 283, 326, 330, 380, 419, 436, 440, 513, 567, 614, 740, 937],
  OK: [405, 539, 572, 580, 918],
  OR: [458, 503, 541, 971],
  PA: [215, 223, 267, 272, 412, 445, 484, 570, 582, 610, 717, 724, 814, 835, 878],
  RI: [401],
  SC: [803, 821, 839, 843, 854, 864],
  SD: [605],
  TN: [423, 615, 629, 731, 865, 901, 931],
  TX: [210, 214, 254, 281, 325, 346, 361, 409, 430, 432, 469, 512, 682, 713, 726, 737, 806, 817, 830, 832, 903, 915, 936, 940, 945, 956, 972, 979],
  UT: [385, 435, 801],
  VT: [802],
  VA: [276, 434, 540, 571, 686, 703, 757, 804, 826, 948],
  WA: [206, 253, 360, 425, 509, 564],
  WV: [304, 681],
  WI: [262, 274, 353, 414, 534, 608, 715, 920],
  WY: [307],
  PR: [787, 939],
  VI: [340],
  GU: [671],
  MP: [670],
  AS: [684],
};

/**
 * Area codes of a state with several zones that lie in fewer of them than the state does (the
 * rest span the state's zones, e.g. FL 850: Tallahassee Eastern, Pensacola Central).
 */
export const AREA_CODE_TIME_ZONES: Record<number, readonly string[]> = {
  // Florida: all Eastern but 850.
  ...Object.fromEntries([239, 305, 321, 324, 352, 386, 407, 448, 561, 645, 656, 689, 727, 728, 754, 772, 786, 813, 863, 904, 941, 954].map((c) => [c, [ET]])),
  // Texas: Central but El Paso's 915 (Mountain).
  ...Object.fromEntries(AREA_CODES_BY_STATE.TX!.filter((c) => c !== 915).map((c) => [c, [CT]])),
  915: [MT],
  // Tennessee: East Tennessee Eastern, Middle and West Central; 931 spans both.
  423: [ET], 865: [ET], 615: [CT], 629: [CT], 731: [CT], 901: [CT],
  // Kentucky: 502, 606, 859 Eastern; 270 and 364 span both.
  502: [ET], 606: [ET], 859: [ET],
  // Indiana: 219 (the Chicago side) Central; 260, 317, 463, 765 Eastern; 574, 812, 930 span both.
  219: [CT], 260: ['America/Indiana/Indianapolis'], 317: ['America/Indiana/Indianapolis'], 463: ['America/Indiana/Indianapolis'], 765: ['America/Indiana/Indianapolis'],
  // Michigan: all Eastern but the Upper Peninsula's 906.
  ...Object.fromEntries(AREA_CODES_BY_STATE.MI!.filter((c) => c !== 906).map((c) => [c, ['America/Detroit']])),
  // Kansas, Nebraska: the eastern codes Central.
  316: [CT], 913: [CT], 402: [CT], 531: [CT],
  // Oregon: 503 and 971 Pacific; 541 and 458 span both.
  503: [PT], 971: [PT],
};

const STATE_BY_AREA_CODE = new Map<number, string>(
  Object.entries(AREA_CODES_BY_STATE).flatMap(([state, codes]) => codes.map((code) => [code, state] as const)),
);

/** The state of a US area code, or undefined. */
export const stateOfAreaCode = (areaCode: number): string | undefined => STATE_BY_AREA_CODE.get(areaCode);

/** The zones an area code's numbers may be in: its own, else its state's; undefined for an unknown code. */
export function zonesOfAreaCode(areaCode: number): readonly string[] | undefined {
  const state = stateOfAreaCode(areaCode);
  return state ? (AREA_CODE_TIME_ZONES[areaCode] ?? STATE_TIME_ZONES[state]) : undefined;
}
