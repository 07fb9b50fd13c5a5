/**
 * The software's declaración responsable (RD 1007/2023 art. 13; its content and order in Orden
 * HAC/1177/2024 art. 15.1, items a to l), built from the system's identity as its billing records
 * carry it, so the two cannot differ (docs/invoicing.md#the-softwares-declaration). In Spanish,
 * as the order writes it: the title, then each item preceded by the text that describes it.
 */

/** What the declaration states: the system as the records name it, and who produces it. */
export interface DeclarationFacts {
  systemName: string;
  systemId: string;
  version: string;
  producerName: string;
  producerNif: string;
  producerAddress: string;
  /** When and where the producer signed it; null while this version's is not signed yet. */
  signed: { date: string; place: string } | null;
}

export interface DeclarationItem {
  /** The item's letter in art. 15.1. */
  letter: string;
  label: string;
  value: string;
}

export const DECLARATION_TITLE = 'DECLARACIÓN RESPONSABLE DEL SISTEMA INFORMÁTICO DE FACTURACIÓN';

/** 'YYYY-MM-DD' as the order asks: day, month and year, in that order (28-11-2026). */
function dayMonthYear(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day ?? ''}-${month ?? ''}-${year ?? ''}`;
}

/** Items a to l of art. 15.1, in its order. */
export function declarationItems(facts: DeclarationFacts): DeclarationItem[] {
  return [
    { letter: 'a', label: 'Nombre del sistema informático', value: facts.systemName },
    { letter: 'b', label: 'Código identificador del sistema informático', value: facts.systemId },
    { letter: 'c', label: 'Identificador completo de la versión', value: facts.version },
    {
      letter: 'd',
      label: 'Componentes, hardware y software, y principales funcionalidades',
      value:
        'Aplicación web (servidor Node.js con base de datos PostgreSQL, o la base de datos integrada ' +
        'PGlite en demostración, y sitio web React) que vende excursiones y alquileres de embarcaciones ' +
        'en Tenerife, expide las facturas de los clientes en nombre de cada propietario (y de la ' +
        'plataforma para sus propias embarcaciones), las facturas de comisión y las facturas a ' +
        'revendedores; genera por cada factura su registro de facturación encadenado por huella ' +
        'SHA-256, lo remite a la AEAT, conserva los registros sin permitir su modificación ni borrado, ' +
        'y permite su consulta y exportación. Funciona en los servidores del productor; el usuario ' +
        'accede con un navegador.',
    },
    { letter: 'e', label: 'Solo puede funcionar exclusivamente como «VERI*FACTU»', value: 'S' },
    {
      letter: 'f',
      label: 'Permite la facturación de varios obligados tributarios',
      value: 'S (cada propietario que lo autoriza y la propia plataforma)',
    },
    {
      letter: 'g',
      label: 'Tipos de firma de los registros si no se usa como «VERI*FACTU»',
      value: 'No aplica: el sistema solo funciona como «VERI*FACTU»',
    },
    { letter: 'h', label: 'Razón social de la entidad productora', value: facts.producerName },
    { letter: 'i', label: 'NIF de la entidad productora', value: facts.producerNif },
    { letter: 'j', label: 'Dirección postal completa de contacto', value: facts.producerAddress },
    {
      letter: 'k',
      label: 'Declaración de cumplimiento',
      value:
        `${facts.producerName} declara que este sistema informático, en la versión ${facts.version}, ` +
        'cumple con lo dispuesto en el artículo 29.2.j) de la Ley 58/2003, de 17 de diciembre, General ' +
        'Tributaria, en el Reglamento aprobado por el Real Decreto 1007/2023, de 5 de diciembre, en la ' +
        'Orden HAC/1177/2024, de 17 de octubre, y en la sede electrónica de la Agencia Estatal de ' +
        'Administración Tributaria para todo aquello que complete las especificaciones de dicha orden.',
    },
    {
      letter: 'l',
      label: 'Fecha y lugar de suscripción',
      value: facts.signed
        ? `${dayMonthYear(facts.signed.date)}, ${facts.signed.place}`
        : 'Pendiente de firma',
    },
  ];
}
