// Catalog products seeded into the catalog boxes table (SPEC section 3, "Product / catalog box")
// and shown as 'Featured bundles' in the shop. Pure data; the database assigns ids.
//
// Internal sizes are the case makers' published interior dimensions converted to millimetres
// (length x width x depth). SKUs are this shop's own bundle codes, not the makers' part numbers.
// Some descriptions are null on purpose: the shop then shows its fallback text.

export type CatalogBoxSeed = {
  name: string;
  manufacturer: string;
  sku: string | null;
  internal_length_mm: number;
  internal_width_mm: number;
  internal_depth_mm: number;
  weight_capacity_kg: number | null;
  description: string | null;
  is_active: boolean;
};

export const CATALOG_BOXES: CatalogBoxSeed[] = [
  {
    name: "Pelican 1510 Carry-On + Custom Foam Insert",
    manufacturer: "Pelican",
    sku: "FIP-PEL-1510-KIT",
    internal_length_mm: 502,
    internal_width_mm: 279,
    internal_depth_mm: 193,
    weight_capacity_kg: 18,
    description: "Airline carry-on sized case with a two-layer PE insert cut to your tool scan.",
    is_active: true,
  },
  {
    name: "Pelican 1550 + Custom Foam Insert",
    manufacturer: "Pelican",
    sku: "FIP-PEL-1550-KIT",
    internal_length_mm: 468,
    internal_width_mm: 356,
    internal_depth_mm: 194,
    weight_capacity_kg: 20,
    description: "Deep all-round case for meters, drills and test kits.",
    is_active: true,
  },
  {
    name: "Nanuk 935 + Layered Foam",
    manufacturer: "Nanuk",
    sku: "FIP-NAN-935-KIT",
    internal_length_mm: 508,
    internal_width_mm: 279,
    internal_depth_mm: 191,
    weight_capacity_kg: 18,
    description: null,
    is_active: true,
  },
  {
    name: "Milwaukee PACKOUT Large Tool Box Insert Kit",
    manufacturer: "Milwaukee",
    sku: "FIP-MIL-PKO-L",
    internal_length_mm: 505,
    internal_width_mm: 320,
    internal_depth_mm: 240,
    weight_capacity_kg: 45,
    description: "Replaces the tote tray with a fitted foam insert; keeps PACKOUT stacking intact.",
    is_active: true,
  },
  {
    name: "DeWalt TSTAK II Foam Kit",
    manufacturer: "DeWalt",
    sku: "FIP-DEW-TSTAK2",
    internal_length_mm: 400,
    internal_width_mm: 285,
    internal_depth_mm: 115,
    weight_capacity_kg: 30,
    description: null,
    is_active: true,
  },
  {
    name: "Apache 4800 + Pick-and-Pluck Replacement Insert",
    manufacturer: "Apache",
    sku: "FIP-APA-4800-KIT",
    internal_length_mm: 450,
    internal_width_mm: 320,
    internal_depth_mm: 183,
    weight_capacity_kg: 15,
    description: "Budget weatherproof case; the insert swaps the stock pluck foam for a CNC-cut layout.",
    is_active: true,
  },
  {
    name: "SKB iSeries 2011-7 + Custom Foam Insert",
    manufacturer: "SKB",
    sku: "FIP-SKB-2011-7",
    internal_length_mm: 521,
    internal_width_mm: 279,
    internal_depth_mm: 191,
    weight_capacity_kg: 18,
    description: null,
    is_active: true,
  },
  {
    name: "Plano All Weather 42 in. Rifle Case Insert",
    manufacturer: "Plano",
    sku: "FIP-PLA-AW42",
    internal_length_mm: 1067,
    internal_width_mm: 349,
    internal_depth_mm: 127,
    weight_capacity_kg: 12,
    description: "Long-gun case with a two-piece insert for rifle, optic and magazines.",
    is_active: true,
  },
  {
    name: "Peli Storm iM2500 + Custom Foam Insert",
    manufacturer: "Pelican",
    sku: null,
    internal_length_mm: 500,
    internal_width_mm: 356,
    internal_depth_mm: 194,
    weight_capacity_kg: 20,
    description: "Archived: no longer stocked; kept so past orders still resolve.",
    is_active: false,
  },
];
