import { count } from 'drizzle-orm';
import type { LocalizedNamesOut, OrangeServiceCategory, OrangeServiceUnit } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { orangeReportServices } from './tables.js';

type DemoService = [names: Omit<LocalizedNamesOut, 'en'> & { en: string }, category: OrangeServiceCategory, unit: OrangeServiceUnit, cents: number | null, description: string];

const n = (en: string, zh: string, es: string, ja: string, de: string, fr: string) => ({ en, zh, es, ja, de, fr });

/** A landscaping company's catalogue, priced like a southeastern US contractor (2026). */
export const DEMO_CATALOGUE: readonly DemoService[] = [
  [n('Irrigation head replacement', '喷头更换', 'Reemplazo de aspersor', 'スプリンクラーヘッド交換', 'Austausch Regnerkopf', 'Remplacement de tête d’arrosage'), 'irrigation', 'each', 4500, 'Remove the broken spray or rotor head, install a matching new one and adjust the arc.'],
  [n('Irrigation valve repair', '灌溉阀门维修', 'Reparación de válvula de riego', '灌漑バルブ修理', 'Reparatur Bewässerungsventil', 'Réparation de vanne d’arrosage'), 'irrigation', 'each', 18500, 'Diagnose and repair or replace a zone valve, solenoid or diaphragm.'],
  [n('Irrigation line repair', '灌溉管线维修', 'Reparación de tubería de riego', '灌漑配管修理', 'Reparatur Bewässerungsleitung', 'Réparation de conduite d’arrosage'), 'irrigation', 'each', 12500, 'Dig up, cut out and splice a broken lateral or main line, then backfill.'],
  [n('Irrigation system audit', '灌溉系统检查', 'Auditoría del sistema de riego', '灌漑システム点検', 'Prüfung der Bewässerungsanlage', 'Audit du système d’arrosage'), 'irrigation', 'hour', 8500, 'Run every zone, record coverage problems and leaks, and set the controller.'],
  [n('Drip line installation', '滴灌管安装', 'Instalación de riego por goteo', '点滴灌漑ライン設置', 'Verlegung Tropfschlauch', 'Installation de goutte-à-goutte'), 'irrigation', 'linear_ft', 350, 'Supply and lay in-line drip tubing with fittings, staked under the mulch.'],
  [n('Tree removal', '树木移除', 'Retiro de árbol', '樹木の伐採・撤去', 'Baumfällung', 'Abattage d’arbre'), 'tree_care', 'each', null, 'Fell and haul away a tree; priced per tree by size and access.'],
  [n('Tree pruning (up to 20 ft)', '树木修剪（20英尺以下）', 'Poda de árbol (hasta 20 pies)', '樹木剪定（20フィートまで）', 'Baumschnitt (bis 6 m)', 'Élagage d’arbre (jusqu’à 6 m)'), 'tree_care', 'each', 15000, 'Remove dead, crossing and low limbs for clearance and structure.'],
  [n('Stump grinding', '树桩研磨', 'Trituración de tocón', '切り株の粉砕', 'Wurzelstockfräsen', 'Rognage de souche'), 'tree_care', 'each', 17500, 'Grind the stump below grade, rake out the chips and fill with topsoil.'],
  [n('Storm damage cleanup', '风暴损害清理', 'Limpieza de daños por tormenta', '暴風被害の片付け', 'Beseitigung von Sturmschäden', 'Nettoyage après tempête'), 'tree_care', 'hour', 9500, 'Crew time to cut up, collect and haul storm debris.'],
  [n('Tree health treatment', '树木健康处理', 'Tratamiento de salud del árbol', '樹木の健康処置', 'Baumpflegebehandlung', 'Traitement sanitaire d’arbre'), 'tree_care', 'each', 12000, 'Trunk injection or soil drench against disease or boring insects.'],
  [n('Shrub replacement (3 gal)', '灌木更换（3加仑）', 'Reemplazo de arbusto (3 gal)', '低木の植え替え（3ガロン）', 'Strauchersatz (10 l)', 'Remplacement d’arbuste (10 l)'), 'plants', 'each', 6500, 'Remove the dead shrub and install a matching 3-gallon plant with starter fertilizer.'],
  [n('Perennial replacement (1 gal)', '多年生植物更换（1加仑）', 'Reemplazo de perenne (1 gal)', '多年草の植え替え（1ガロン）', 'Staudenersatz (3 l)', 'Remplacement de vivace (3 l)'), 'plants', 'each', 1800, 'Replace a failed perennial with a 1-gallon plant.'],
  [n('Seasonal color installation', '季节花卉种植', 'Instalación de flores de temporada', '季節の花の植え付け', 'Saisonbepflanzung', 'Plantation de fleurs de saison'), 'plants', 'sq_ft', 425, 'Bed preparation and annuals planted at 8 inches on center.'],
  [n('Sod installation', '草皮铺设', 'Instalación de césped en rollo', '芝張り', 'Rollrasen verlegen', 'Pose de gazon en plaques'), 'turf', 'sq_ft', 210, 'Remove dead turf, grade and lay new sod, then water in.'],
  [n('Aeration and overseeding', '打孔通气与补播', 'Aireación y resiembra', 'エアレーションと追い播き', 'Aerifizieren und Nachsaat', 'Aération et sursemis'), 'turf', 'sq_ft', 12, 'Core aeration followed by overseeding with a matching grass blend.'],
  [n('Hardwood mulch installation', '硬木覆盖物铺设', 'Instalación de mantillo de madera', '広葉樹マルチの敷設', 'Rindenmulch ausbringen', 'Pose de paillis de feuillus'), 'mulch_soil', 'sq_ft', 85, 'Edge the beds and spread double-shredded hardwood mulch 2 to 3 inches deep.'],
  [n('Pine straw installation', '松针铺设', 'Instalación de paja de pino', '松葉マルチの敷設', 'Kiefernnadelmulch ausbringen', 'Pose d’aiguilles de pin'), 'mulch_soil', 'sq_ft', 45, 'Tuck-in pine straw over the beds.'],
  [n('French drain installation', '法式排水沟安装', 'Instalación de drenaje francés', 'フレンチドレーン設置', 'Sickerdrainage verlegen', 'Installation de drain français'), 'drainage', 'linear_ft', 3800, 'Trench, fabric, perforated pipe and washed stone to carry water away.'],
  [n('Downspout extension', '落水管延伸', 'Extensión de bajante', '雨どい延長', 'Fallrohrverlängerung', 'Rallonge de descente pluviale'), 'drainage', 'each', 9500, 'Buried extension with a pop-up emitter to move roof water off the bed.'],
  [n('Regrading', '重新平整', 'Renivelación del terreno', '整地のやり直し', 'Geländeprofilierung', 'Reprofilage du terrain'), 'drainage', 'sq_ft', 175, 'Bring in soil and regrade so water runs away from walks and buildings.'],
  [n('Paver reset', '铺路砖重铺', 'Recolocación de adoquines', '舗装ブロックの再設置', 'Pflaster neu verlegen', 'Repose de pavés'), 'hardscape', 'sq_ft', 1400, 'Lift sunken or rocking pavers, re-level the base and reset with joint sand.'],
  [n('Retaining wall repair', '挡土墙维修', 'Reparación de muro de contención', '擁壁の補修', 'Reparatur Stützmauer', 'Réparation de mur de soutènement'), 'hardscape', 'linear_ft', 6000, 'Reset shifted blocks and caps, with adhesive where needed.'],
  [n('Fire ant treatment', '火蚁处理', 'Tratamiento contra hormigas de fuego', 'ヒアリ駆除', 'Feuerameisenbekämpfung', 'Traitement contre les fourmis de feu'), 'pest', 'sq_ft', 5, 'Broadcast bait over the area, with mound treatment where children play.'],
  [n('Wasp nest removal', '黄蜂巢清除', 'Retiro de nido de avispas', 'ハチの巣の駆除', 'Wespennest entfernen', 'Retrait de nid de guêpes'), 'pest', 'each', 8500, 'Treat and remove a wasp or hornet nest from a structure or shrub.'],
  [n('Landscape lighting fixture', '景观灯具', 'Luminaria de paisaje', '景観照明器具', 'Gartenleuchte', 'Luminaire paysager'), 'enhancement', 'each', 24000, 'Supply and install a low-voltage LED fixture on the existing transformer.'],
  [n('Landscape design consultation', '景观设计咨询', 'Consulta de diseño de paisaje', '景観デザイン相談', 'Gartenplanungsberatung', 'Conseil en aménagement paysager'), 'enhancement', 'hour', 11000, 'A designer walks the property and sketches an enhancement plan.'],
  [n('General labor', '一般劳务', 'Mano de obra general', '一般作業', 'Allgemeine Arbeitsleistung', 'Main-d’œuvre générale'), 'other', 'hour', 6500, 'Crew time for work not listed elsewhere.'],
];

/** Offered until the spring 2026 price list; retired, so the settings screen shows a retired entry. */
const RETIRED: DemoService = [
  n('Rubber mulch installation', '橡胶覆盖物铺设', 'Instalación de mantillo de caucho', 'ゴムチップマルチの敷設', 'Gummimulch ausbringen', 'Pose de paillis de caoutchouc'),
  'mulch_soil',
  'sq_ft',
  160,
  'No longer offered.',
];

/** Seeds the demo catalogue when it is empty (inside the demo seed's transaction). */
export async function seedDemoCatalogue(tx: Pick<Db, 'select' | 'insert'>): Promise<number> {
  const [existing] = await tx.select({ n: count() }).from(orangeReportServices);
  if ((existing?.n ?? 0) > 0) return 0;
  const rows = [...DEMO_CATALOGUE, RETIRED].map(([names, category, unit, cents, description], index) => ({
    names,
    nameEn: names.en,
    description,
    category,
    unit,
    unitPriceCents: cents,
    sortOrder: (index + 1) * 10,
    retiredAt: names.en === RETIRED[0].en ? new Date('2026-03-01T00:00:00Z') : null,
  }));
  await tx.insert(orangeReportServices).values(rows);
  return rows.length;
}
