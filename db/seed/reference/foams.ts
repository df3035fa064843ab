// Foam materials seeded into the materials table (SPEC section 3, "Material (admin)").
// Pure data: the seed script inserts these rows and the database assigns ids.
//
// Sheet sizes and thicknesses are stock sizes these foams are actually sold in (2000 x 1000 mm
// planks for PE/XLPE/PU, 1200 x 600 mm for EVA, 2 ft x 4 ft for layered tool-control foam).
// Costs are per sheet in USD as decimal strings, the form libSQL returns, so money code can
// parse them exactly (see src/shared/money.ts).

export type FoamMaterialSeed = {
  name: string;
  supplier: string;
  density_kg_m3: number;
  /** Shore A where the supplier publishes one; null for soft foams measured only on Shore OO. */
  hardness_shore: number | null;
  color: string;
  sheet_length_mm: number;
  sheet_width_mm: number;
  sheet_thickness_mm: number;
  /** USD per sheet, two decimals. */
  sheet_cost: string;
  lead_time_days: number;
  notes: string | null;
  is_active: boolean;
};

export const FOAM_MATERIALS: FoamMaterialSeed[] = [
  {
    name: "PE 1.7 lb Polyethylene Plank (27 kg/m³)",
    supplier: "UFP Technologies",
    density_kg_m3: 27,
    hardness_shore: null,
    color: "Charcoal",
    sheet_length_mm: 2000,
    sheet_width_mm: 1000,
    sheet_thickness_mm: 50,
    sheet_cost: "38.00",
    lead_time_days: 5,
    notes: "Closed-cell LDPE, 1.7 lb/ft³. Economical choice for light hand tools.",
    is_active: true,
  },
  {
    name: "PE 2.2 lb Polyethylene Plank (35 kg/m³)",
    supplier: "Foam Factory Inc.",
    density_kg_m3: 35,
    hardness_shore: null,
    color: "Black",
    sheet_length_mm: 2000,
    sheet_width_mm: 1000,
    sheet_thickness_mm: 50,
    sheet_cost: "46.50",
    lead_time_days: 5,
    notes: "Closed-cell LDPE, 2.2 lb/ft³. Default drawer-liner grade; holds crisp pocket walls.",
    is_active: true,
  },
  {
    name: "XLPE 33 kg/m³ Cross-Linked Polyethylene",
    supplier: "Zotefoams",
    density_kg_m3: 33,
    hardness_shore: null,
    color: "Black",
    sheet_length_mm: 2000,
    sheet_width_mm: 1000,
    sheet_thickness_mm: 30,
    sheet_cost: "52.40",
    lead_time_days: 7,
    notes: "Nitrogen-expanded, fine cell. Smooth cut faces for presentation cases.",
    is_active: true,
  },
  {
    name: "XLPE 67 kg/m³ High-Density Cross-Linked Polyethylene",
    supplier: "Sekisui Alveo",
    density_kg_m3: 67,
    hardness_shore: 28,
    color: "Dark Grey",
    sheet_length_mm: 2000,
    sheet_width_mm: 1000,
    sheet_thickness_mm: 30,
    sheet_cost: "74.90",
    lead_time_days: 10,
    notes: "Stiff, abrasion resistant. For heavy wrenches and sockets in roll-cab drawers.",
    is_active: true,
  },
  {
    name: "EVA Closed-Cell Foam 70 kg/m³",
    supplier: "Rogers Foam Corporation",
    density_kg_m3: 70,
    hardness_shore: 35,
    color: "Black",
    sheet_length_mm: 1200,
    sheet_width_mm: 600,
    sheet_thickness_mm: 30,
    sheet_cost: "41.25",
    lead_time_days: 7,
    notes: "Ethylene-vinyl acetate; rubbery feel, chemical and oil resistant.",
    is_active: true,
  },
  {
    name: "Polyurethane Ester Foam 30 kg/m³",
    supplier: "FoamPartner",
    density_kg_m3: 30,
    hardness_shore: null,
    color: "Charcoal",
    sheet_length_mm: 2000,
    sheet_width_mm: 1000,
    sheet_thickness_mm: 50,
    sheet_cost: "29.75",
    lead_time_days: 4,
    notes: "Open-cell PU ester; firm, cuts cleanly on a knife table. Not for wet environments.",
    is_active: true,
  },
  {
    name: "Polyurethane Ether Foam 25 kg/m³",
    supplier: "Carpenter Co.",
    density_kg_m3: 25,
    hardness_shore: null,
    color: "Grey",
    sheet_length_mm: 2000,
    sheet_width_mm: 1000,
    sheet_thickness_mm: 50,
    sheet_cost: "24.90",
    lead_time_days: 4,
    notes: "Open-cell PU ether; soft and hydrolysis resistant. Lid padding and instrument cases.",
    is_active: true,
  },
  {
    name: "Kaizen-Style Two-Tone Layered Foam 57 mm (Black/Red)",
    supplier: "FastCap",
    density_kg_m3: 35,
    hardness_shore: null,
    color: "Black over Red",
    sheet_length_mm: 1219,
    sheet_width_mm: 610,
    sheet_thickness_mm: 57,
    sheet_cost: "59.99",
    lead_time_days: 6,
    notes: "Laminated PE in peelable layers; the red base shows through when a tool is missing.",
    is_active: true,
  },
  {
    name: "Two-Tone Shadow Foam 30 mm (Yellow/Black)",
    supplier: "Shadow Foam Ltd",
    density_kg_m3: 45,
    hardness_shore: 20,
    color: "Yellow over Black",
    sheet_length_mm: 1200,
    sheet_width_mm: 600,
    sheet_thickness_mm: 30,
    sheet_cost: "48.60",
    lead_time_days: 12,
    notes: "5 mm contrasting top layer bonded to 25 mm XLPE. Shadow boards for 5S stations.",
    is_active: true,
  },
  {
    name: "Anti-Static Pink PE 1.7 lb (27 kg/m³)",
    supplier: "UFP Technologies",
    density_kg_m3: 27,
    hardness_shore: null,
    color: "Pink",
    sheet_length_mm: 2000,
    sheet_width_mm: 1000,
    sheet_thickness_mm: 50,
    sheet_cost: "44.20",
    lead_time_days: 14,
    notes: "Archived: supplier discontinued the 50 mm grade; kept for existing quotes.",
    is_active: false,
  },
];
