// Built-in toolbox and case database (SPEC section 3). Pure data plus lookups: imported by the
// calculator and foam editor in the browser and by the server, so no Node/Bun APIs here.
//
// Outer sizes are the manufacturers' published nominal dimensions (inches, W x D x H) and are
// meant for rough quoting, not for cutting; real drawer sizes vary by bank and should be measured.
// Toolbox drawers follow the SPEC rule "about 2 in. smaller in width and depth than the box".
// Case compartments come from each model's internal size text in `notes`, parsed at load time,
// so the text a customer sees and the size we price can never disagree.
//
// Ids are written out by hand (not derived from names) so renaming a model never breaks a
// saved calculation; drawer ids are `${modelId}-d${n}`.

export type ContainerType = "toolbox" | "case" | "custom";
export type Drawer = { id: string; label: string; width_in: number; depth_in: number };
export type ToolboxModel = {
  id: string;
  name: string;
  width_in: number;
  depth_in: number;
  height_in: number;
  drawers: Drawer[];
  kind: ContainerType;
  notes?: string;
};
export type ToolboxContainer = {
  brand: string;
  series: string;
  type: ContainerType;
  models: ToolboxModel[];
};
export type InternalSize = { width_in: number; depth_in: number; height_in: number };

/** Inches a toolbox drawer loses to the cabinet walls and slides, per side pair. */
export const DRAWER_CLEARANCE_IN = 2;
export const MIN_TOOLBOX_DRAWERS = 2;
export const MAX_TOOLBOX_DRAWERS = 18;
export const MAIN_COMPARTMENT_LABEL = "Main compartment";

const NUMBER = String.raw`(\d+(?:\.\d+)?|\.\d+)`;
const SEPARATOR = String.raw`\s*(?:x|×|\*|by)\s*`;
const UNIT = String.raw`\s*(?:"|''|in\.?|inch(?:es)?)?`;
const INTERNAL_SIZE_RE = new RegExp(
  `^\\s*${NUMBER}${UNIT}${SEPARATOR}${NUMBER}${UNIT}${SEPARATOR}${NUMBER}${UNIT}\\s*$`,
  "i",
);

/**
 * Parses a case's internal size text 'W x D x H' (inches) such as '19.75 x 11.00 x 7.60'.
 * Tolerates 'X', '×', '*' or 'by' as separators and inch marks ('19.75" x 11" x 7.6 in').
 * Returns null unless there are exactly three positive, finite numbers.
 */
export function parseInternalSize(text: string | null | undefined): InternalSize | null {
  if (typeof text !== "string") return null;
  const match = INTERNAL_SIZE_RE.exec(text);
  if (!match) return null;
  const [width_in, depth_in, height_in] = [match[1], match[2], match[3]].map(Number);
  if (![width_in, depth_in, height_in].every((n) => Number.isFinite(n) && n > 0)) return null;
  return { width_in, depth_in, height_in };
}

type Size = [width_in: number, depth_in: number, height_in: number];

// Two decimals keep 22.2 - 2 at 20.2 instead of 20.199999999999999.
const round2 = (n: number) => Math.round(n * 100) / 100;

function toolbox(id: string, name: string, [w, d, h]: Size, drawerCount: number, notes?: string): ToolboxModel {
  const drawers: Drawer[] = Array.from({ length: drawerCount }, (_, i) => ({
    id: `${id}-d${i + 1}`,
    label: `Drawer ${i + 1}`,
    width_in: round2(w - DRAWER_CLEARANCE_IN),
    depth_in: round2(d - DRAWER_CLEARANCE_IN),
  }));
  return { id, name, width_in: w, depth_in: d, height_in: h, drawers, kind: "toolbox", ...(notes ? { notes } : {}) };
}

function hardCase(id: string, name: string, [w, d, h]: Size, internal: string): ToolboxModel {
  const size = parseInternalSize(internal);
  // A typo in this file must fail loudly at import, not price a case at 0 in².
  if (!size) throw new Error(`Bad internal size for ${id}: '${internal}'`);
  return {
    id,
    name,
    width_in: w,
    depth_in: d,
    height_in: h,
    drawers: [{ id: `${id}-d1`, label: MAIN_COMPARTMENT_LABEL, width_in: size.width_in, depth_in: size.depth_in }],
    kind: "case",
    notes: internal,
  };
}

function toolboxes(brand: string, series: string, models: ToolboxModel[]): ToolboxContainer {
  return { brand, series, type: "toolbox", models };
}

function cases(brand: string, series: string, models: ToolboxModel[]): ToolboxContainer {
  return { brand, series, type: "case", models };
}

export const TOOLBOX_CONTAINERS: ToolboxContainer[] = [
  // ---- Toolboxes ----------------------------------------------------------------------
  toolboxes("US General", "Series 3", [
    toolbox("us-general-s3-44-double-bank-roller", "44 in. x 22 in. Double Bank Roller Cabinet, Series 3", [44, 22, 42.5], 10),
    toolbox("us-general-s3-44-double-bank-top-chest", "44 in. x 22 in. Double Bank Top Chest, Series 3", [44, 22, 21.5], 8),
    toolbox("us-general-s3-56-double-bank-roller", "56 in. x 22 in. Double Bank Roller Cabinet, Series 3", [56, 22, 42.5], 12),
    toolbox("us-general-s3-72-triple-bank-roller", "72 in. x 22 in. Triple Bank Roller Cabinet, Series 3", [72, 22, 42.5], 16),
  ]),
  toolboxes("Harbor Freight (US General)", "Series 2 and Mechanic's Carts", [
    toolbox("hf-us-general-30-5-drawer-cart", "30 in. 5-Drawer Mechanic's Tool Cart", [30.5, 19.25, 37.75], 5),
    toolbox("hf-us-general-s2-30-single-bank-roller", "30 in. x 20 in. Single Bank Roller Cabinet, Series 2", [30, 20, 38], 5),
    toolbox("hf-us-general-s2-30-top-chest", "30 in. x 20 in. Top Chest, Series 2", [30, 20, 19], 6),
    toolbox("hf-us-general-26-5-drawer-top-chest", "26 in. 5-Drawer Top Chest", [26.5, 12, 14.5], 5),
  ]),
  toolboxes("Craftsman", "2000 Series", [
    toolbox("craftsman-2000-26-5-drawer-top-chest", "2000 Series 26 in. 5-Drawer Top Chest", [26, 12, 15], 5),
    toolbox("craftsman-2000-26-4-drawer-cabinet", "2000 Series 26 in. 4-Drawer Rolling Tool Cabinet", [26, 18, 33], 4),
    toolbox("craftsman-2000-41-8-drawer-cabinet", "2000 Series 41 in. 8-Drawer Rolling Tool Cabinet", [41, 18, 38], 8),
  ]),
  toolboxes("Craftsman", "3000 Series", [
    toolbox("craftsman-3000-41-6-drawer-top-chest", "3000 Series 41 in. 6-Drawer Top Chest", [41, 16, 20], 6),
    toolbox("craftsman-3000-41-10-drawer-cabinet", "3000 Series 41 in. 10-Drawer Rolling Tool Cabinet", [41, 18, 40], 10),
    toolbox("craftsman-3000-52-10-drawer-cabinet", "3000 Series 52 in. 10-Drawer Rolling Tool Cabinet", [52, 18, 38], 10),
  ]),
  toolboxes("Craftsman", "4000 Series", [
    toolbox("craftsman-4000-41-12-drawer-workbench", "4000 Series 41 in. 12-Drawer Mobile Workbench", [41, 24, 40], 12),
    toolbox("craftsman-4000-52-15-drawer-cabinet", "4000 Series 52 in. 15-Drawer Rolling Tool Cabinet", [52, 24, 42], 15),
    toolbox("craftsman-4000-60-18-drawer-workbench", "4000 Series 60 in. 18-Drawer Mobile Workbench", [60, 24, 40], 18),
  ]),
  toolboxes("Husky", "Tool Storage", [
    toolbox("husky-26-5-drawer-top-chest", "26 in. W x 16 in. D 5-Drawer Top Chest", [26, 16, 15], 5),
    toolbox("husky-46-9-drawer-workbench", "46 in. W x 24.5 in. D 9-Drawer Mobile Workbench", [46, 24.5, 38.5], 9),
    toolbox("husky-52-15-drawer-workbench", "52 in. W x 21.5 in. D 15-Drawer Mobile Workbench", [52, 21.5, 38], 15),
    toolbox("husky-61-10-drawer-workbench", "61 in. W x 23 in. D 10-Drawer Mobile Workbench", [61, 23, 39], 10),
    toolbox("husky-72-18-drawer-workbench", "72 in. W x 24.6 in. D 18-Drawer Mobile Workbench", [72, 24.6, 39], 18),
  ]),
  toolboxes("Milwaukee", "Packout", [
    toolbox("milwaukee-packout-2-drawer", "PACKOUT 2-Drawer Tool Box (48-22-8442)", [22.2, 16.1, 14.3], 2),
    toolbox("milwaukee-packout-3-drawer", "PACKOUT 3-Drawer Tool Box (48-22-8443)", [22.2, 16.1, 18.6], 3),
    toolbox("milwaukee-packout-multi-depth-3-drawer", "PACKOUT Multi-Depth 3-Drawer Tool Box (48-22-8447)", [22.2, 16.1, 14.3], 3),
  ]),
  toolboxes("DeWalt", "TSTAK", [
    toolbox("dewalt-tstak-iv-2-drawer", "TSTAK IV 2-Drawer Unit (DWST17804)", [17.25, 12.25, 7.25], 2),
    toolbox("dewalt-tstak-drawer-stack-4", "TSTAK Drawer Stack (2 x TSTAK IV, 4 drawers)", [17.25, 12.25, 14.5], 4, "Two TSTAK IV units clipped together."),
  ]),
  toolboxes("DeWalt", "ToughSystem 2.0", [
    toolbox("dewalt-toughsystem-2-3-drawer", "ToughSystem 2.0 3-Drawer Unit (DWST08330)", [21.8, 14.6, 16], 3),
    toolbox("dewalt-toughsystem-2-drawer-stack-6", "ToughSystem 2.0 Drawer Stack (2 x 3-Drawer Unit)", [21.8, 14.6, 32], 6, "Two 3-drawer units stacked on a ToughSystem 2.0 dolly."),
  ]),
  toolboxes("Snap-on", "KRA", [
    toolbox("snap-on-kra-40-8-drawer-top-chest", "KRA 40 in. 8-Drawer Top Chest", [40, 18, 19], 8),
    toolbox("snap-on-kra-40-7-drawer-roll-cab", "KRA 40 in. 7-Drawer Single Bank Roll Cab", [40, 24.5, 41], 7),
    toolbox("snap-on-kra-54-11-drawer-roll-cab", "KRA 54 in. 11-Drawer Double Bank Roll Cab", [54, 24.5, 41], 11),
  ]),
  toolboxes("Snap-on", "KRL", [
    toolbox("snap-on-krl-40-7-drawer-roll-cab", "KRL Masters 40 in. 7-Drawer Single Bank Roll Cab", [40.5, 25.5, 44], 7),
    toolbox("snap-on-krl-55-10-drawer-roll-cab", "KRL Masters 55 in. 10-Drawer Double Bank Roll Cab", [55, 25.5, 44], 10),
    toolbox("snap-on-krl-68-14-drawer-roll-cab", "KRL Masters 68 in. 14-Drawer Double Bank Roll Cab", [68, 25.5, 44], 14),
    toolbox("snap-on-krl-84-18-drawer-roll-cab", "KRL Masters 84 in. 18-Drawer Triple Bank Roll Cab", [84, 25.5, 44], 18),
  ]),
  toolboxes("Snap-on", "KMP", [
    toolbox("snap-on-kmp-40-6-drawer-top-chest", "KMP 40 in. 6-Drawer Top Chest", [40, 20, 17], 6),
    toolbox("snap-on-kmp-55-12-drawer-roll-cab", "KMP 55 in. 12-Drawer Double Bank Roll Cab", [55, 26, 43], 12),
    toolbox("snap-on-kmp-73-16-drawer-roll-cab", "KMP 73 in. 16-Drawer Triple Bank Roll Cab", [73, 26, 43], 16),
  ]),
  toolboxes("Matco", "4S", [
    toolbox("matco-4s-42-8-drawer-top-chest", "4S 42 in. 8-Drawer Top Chest", [42, 20, 20], 8),
    toolbox("matco-4s-53-double-bay-12-drawer", "4S 53 in. Double Bay 12-Drawer Roll Cab", [53, 25.5, 46], 12),
    toolbox("matco-4s-74-triple-bay-16-drawer", "4S 74 in. Triple Bay 16-Drawer Roll Cab", [74, 25.5, 46], 16),
  ]),
  toolboxes("Matco", "6S", [
    toolbox("matco-6s-66-double-bay-14-drawer", "6S 66 in. Double Bay 14-Drawer Roll Cab", [66, 28, 47], 14),
    toolbox("matco-6s-80-triple-bay-17-drawer", "6S 80 in. Triple Bay 17-Drawer Roll Cab", [80, 28, 47], 17),
    toolbox("matco-6s-96-triple-bay-18-drawer", "6S 96 in. Triple Bay 18-Drawer Roll Cab", [96, 28, 47], 18),
  ]),

  // ---- Cases (outer W x D x H; notes = internal W x D x H) ------------------------------
  cases("Pelican", "Protector", [
    hardCase("pelican-1300", "Pelican 1300 Protector Case", [10.62, 9.68, 6.87], "9.17 x 7.00 x 6.12"),
    hardCase("pelican-1450", "Pelican 1450 Protector Case", [16.0, 13.0, 6.87], "14.62 x 10.18 x 6.00"),
    hardCase("pelican-1510", "Pelican 1510 Protector Carry-On Case", [22.0, 13.81, 9.0], "19.75 x 11.00 x 7.60"),
    hardCase("pelican-1520", "Pelican 1520 Protector Case", [19.78, 15.77, 7.41], "18.06 x 12.89 x 6.72"),
    hardCase("pelican-1550", "Pelican 1550 Protector Case", [20.62, 16.75, 8.18], "18.43 x 14.00 x 7.62"),
    hardCase("pelican-1600", "Pelican 1600 Protector Case", [24.39, 19.4, 8.79], "21.43 x 16.50 x 7.87"),
    hardCase("pelican-1650", "Pelican 1650 Protector Case", [32.0, 20.52, 11.64], "28.57 x 17.52 x 10.56"),
  ]),
  cases("Plano", "All Weather", [
    hardCase("plano-all-weather-pistol", "All Weather Pistol Case", [17.25, 13.5, 6.0], "15.75 x 11.00 x 5.25"),
    hardCase("plano-all-weather-2-large-pistol", "All Weather 2 Large Pistol Case", [18.5, 15.5, 7.0], "16.50 x 12.50 x 6.00"),
    hardCase("plano-all-weather-36-scoped-rifle", "All Weather 36 in. Scoped Rifle Case", [38.5, 15.5, 5.25], "36.00 x 13.00 x 4.50"),
    hardCase("plano-all-weather-42-rifle", "All Weather 42 in. Rifle Case", [44.5, 16.0, 5.75], "42.00 x 13.75 x 5.00"),
  ]),
  cases("Apache", "Weatherproof Protective Case", [
    hardCase("apache-2800", "Apache 2800 Weatherproof Protective Case", [14.9, 12.1, 5.9], "13.20 x 8.90 x 4.90"),
    hardCase("apache-3800", "Apache 3800 Weatherproof Protective Case", [17.5, 13.8, 7.1], "15.50 x 10.60 x 6.10"),
    hardCase("apache-4800", "Apache 4800 Weatherproof Protective Case", [20.1, 16.3, 8.1], "17.70 x 12.60 x 7.20"),
    hardCase("apache-5800", "Apache 5800 Weatherproof Protective Case", [22.6, 18.6, 8.4], "20.40 x 15.50 x 7.40"),
  ]),
  cases("Savior Equipment", "Specialist Hard Case", [
    hardCase("savior-specialist-pistol", "Specialist Pistol Hard Case", [18.0, 14.5, 6.5], "16.00 x 12.00 x 5.50"),
    hardCase("savior-specialist-36", "Specialist 36 in. Rifle Hard Case", [39.0, 16.0, 6.0], "36.00 x 13.00 x 5.00"),
    hardCase("savior-specialist-42", "Specialist 42 in. Rifle Hard Case", [45.0, 16.0, 6.0], "42.00 x 13.00 x 5.00"),
    hardCase("savior-specialist-46", "Specialist 46 in. Rifle Hard Case", [49.0, 16.0, 6.0], "46.00 x 13.00 x 5.00"),
  ]),
  cases("Case Club", "Waterproof", [
    hardCase("case-club-waterproof-3-pistol", "Waterproof 3 Pistol Case", [18.5, 15.0, 7.5], "16.50 x 13.00 x 6.50"),
    hardCase("case-club-waterproof-5-pistol", "Waterproof 5 Pistol Case", [22.5, 17.5, 8.25], "20.00 x 15.50 x 7.00"),
    hardCase("case-club-waterproof-ar15-41", "Waterproof AR-15 Case 41 in.", [44.0, 16.5, 6.75], "41.00 x 14.00 x 5.75"),
  ]),
  cases("Nanuk", "900 Series", [
    hardCase("nanuk-910", "Nanuk 910 Protective Case", [17.8, 13.8, 6.9], "15.90 x 10.60 x 6.20"),
    hardCase("nanuk-920", "Nanuk 920 Protective Case", [19.9, 15.7, 8.2], "17.60 x 12.40 x 7.50"),
    hardCase("nanuk-935", "Nanuk 935 Carry-On Case", [22.0, 14.0, 9.0], "20.00 x 11.00 x 7.50"),
    hardCase("nanuk-950", "Nanuk 950 Protective Case", [22.8, 17.5, 9.3], "20.50 x 15.00 x 8.30"),
  ]),

  // ---- Custom -------------------------------------------------------------------------
  {
    brand: "Custom",
    series: "Custom",
    type: "custom",
    models: [
      {
        id: "custom-toolbox-or-case",
        name: "Custom toolbox or case",
        width_in: 24,
        depth_in: 18,
        height_in: 10,
        drawers: [{ id: "custom-toolbox-or-case-d1", label: MAIN_COMPARTMENT_LABEL, width_in: 24, depth_in: 18 }],
        kind: "custom",
        notes: "Generic 24 x 18 x 10 in. container; send your measured internal size with the order.",
      },
      {
        id: "custom-workspace",
        name: "Custom workspace",
        width_in: 24,
        depth_in: 18,
        height_in: 2,
        drawers: [{ id: "custom-workspace-d1", label: "Workspace", width_in: 24, depth_in: 18 }],
        kind: "custom",
        notes: "Flat 24 x 18 in. foam panel with no container; height is the nominal 2 in. foam depth.",
      },
    ],
  },
];

const modelIndex = new Map<string, { container: ToolboxContainer; model: ToolboxModel }>();
for (const container of TOOLBOX_CONTAINERS) {
  for (const model of container.models) modelIndex.set(model.id, { container, model });
}

/** Looks a model up by id across all brands and series. */
export function findModel(id: string): { container: ToolboxContainer; model: ToolboxModel } | undefined {
  return modelIndex.get(id);
}

/** Brand names in catalogue order (toolboxes, then cases, then Custom), each once. */
export function listBrands(): string[] {
  return [...new Set(TOOLBOX_CONTAINERS.map((c) => c.brand))];
}

/** Every model of a brand across its series, in catalogue order (for the model select). */
export function listModels(brand: string): { container: ToolboxContainer; model: ToolboxModel }[] {
  return TOOLBOX_CONTAINERS.filter((c) => c.brand === brand).flatMap((container) =>
    container.models.map((model) => ({ container, model })),
  );
}
