/** SPEC 9: factor = 0.5 + sensitivity/100 * 1.5; min area = max(10, 120/factor); max = min(75000, 10000*factor) (mm²). */
export function areaLimitsForSensitivity(sensitivity: number): { min: number; max: number } {
  const factor = 0.5 + (Math.max(0, Math.min(100, sensitivity)) / 100) * 1.5;
  return { min: Math.max(10, 120 / factor), max: Math.min(75000, 10000 * factor) };
}
