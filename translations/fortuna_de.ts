<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
<context>
    <name>BoardGeometry</name>
    <message>
        <source>blocked by %1</source>
        <translation>verdeckt durch %1</translation>
    </message>
    <message>
        <source>beyond the dusk visibility of %1 mm (%2, %3 minutes before dusk)</source>
        <translation>jenseits der Sichtweite in der Dämmerung von %1 mm (%2, %3 Minuten vor Einbruch der Dunkelheit)</translation>
    </message>
</context>
<context>
    <name>GameOfKingsPanels</name>
    <message>
        <source>Turn</source>
        <translation>Zug</translation>
    </message>
    <message>
        <source>Initiative</source>
        <translation>Initiative</translation>
    </message>
    <message>
        <source>Weather</source>
        <translation>Wetter</translation>
    </message>
    <message>
        <source>Action points</source>
        <translation>Aktionspunkte</translation>
    </message>
    <message>
        <source>Action points of the side acting</source>
        <translation>Aktionspunkte der handelnden Seite</translation>
    </message>
    <message>
        <source>Sector</source>
        <translation>Sektor</translation>
    </message>
    <message>
        <source>Victory</source>
        <translation>Sieg</translation>
    </message>
    <message>
        <source>Army points</source>
        <translation>Armeepunkte</translation>
    </message>
    <message>
        <source>Turn %1 of %2: the battle is decided</source>
        <translation>Zug %1 von %2: die Schlacht ist entschieden</translation>
    </message>
    <message>
        <source>Turn %1 of %2</source>
        <translation>Zug %1 von %2</translation>
    </message>
    <message>
        <source>Initiative: the dice for going first are thrown as the turn opens</source>
        <translation>Initiative: die Würfel, wer zuerst zieht, fallen zu Beginn des Zuges</translation>
    </message>
    <message>
        <source>Weather: %1</source>
        <translation>Wetter: %1</translation>
    </message>
    <message>
        <source>Weather gauge %1, %2: %3</source>
        <translation>Wetterskala %1, %2: %3</translation>
    </message>
    <message>
        <source>The battle is decided.</source>
        <translation>Die Schlacht ist entschieden.</translation>
    </message>
    <message>
        <source>%1 to throw: a d10 for the centre, a d6 for each flank</source>
        <translation>%1 würfelt: ein W10 für das Zentrum, ein W6 für jede Flanke</translation>
    </message>
    <message>
        <source>Thrown by the side on turn after the choice of going first</source>
        <translation>Gewürfelt von der Seite am Zug, nachdem gewählt ist, wer zuerst zieht</translation>
    </message>
    <message>
        <source>Half-turn of %1</source>
        <translation>Halbzug von %1</translation>
    </message>
    <message>
        <source>left</source>
        <translation>links</translation>
    </message>
    <message>
        <source>centre</source>
        <translation>Zentrum</translation>
    </message>
    <message>
        <source>right</source>
        <translation>rechts</translation>
    </message>
    <message>
        <source>%1 (d%2)</source>
        <translation>%1 (W%2)</translation>
    </message>
    <message>
        <source>%1 thrown, %2 left</source>
        <translation>%1 gewürfelt, %2 übrig</translation>
    </message>
    <message>
        <source>working now</source>
        <translation>handelt jetzt</translation>
    </message>
    <message>
        <source>done</source>
        <translation>erledigt</translation>
    </message>
    <message>
        <source>%1 won the dice %2 to %3</source>
        <translation>%1 gewann die Würfel %2 zu %3</translation>
    </message>
    <message>
        <source>(after a tie)</source>
        <translation>(nach einem Gleichstand)</translation>
    </message>
    <message>
        <source>(after %1 ties)</source>
        <translation>(nach %1 Gleichständen)</translation>
    </message>
    <message>
        <source>Initiative: %1, to choose who goes first</source>
        <translation>Initiative: %1, wählt, wer zuerst zieht</translation>
    </message>
    <message>
        <source>Initiative: %1; %2 goes first</source>
        <translation>Initiative: %1; %2 zieht zuerst</translation>
    </message>
    <message>
        <source>%1 of %2 army points, below half (%3): the army has lost</source>
        <translation>%1 von %2 Armeepunkten, unter der Hälfte (%3): die Armee hat verloren</translation>
    </message>
    <message>
        <source>%1 of %2 army points; loses below %3</source>
        <translation>%1 von %2 Armeepunkten; verliert unter %3</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>empty: the app rolls</source>
        <translation>leer: das Programm würfelt</translation>
    </message>
    <message>
        <source>Sheet:</source>
        <translation>Blatt:</translation>
    </message>
    <message>
        <source>Print</source>
        <translation>Drucken</translation>
    </message>
    <message>
        <source>Open a scenario or a saved game to print its sheets.</source>
        <translation>Öffnen Sie ein Szenario oder einen Spielstand, um seine Blätter zu drucken.</translation>
    </message>
    <message>
        <source>The sheet could not be printed: %1</source>
        <translation>Das Blatt konnte nicht gedruckt werden: %1</translation>
    </message>
    <message>
        <source>Print Preview</source>
        <translation>Druckvorschau</translation>
    </message>
    <message>
        <source>Export PDF</source>
        <translation>Als PDF exportieren</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>&amp;Print...</source>
        <translation>&amp;Drucken …</translation>
    </message>
    <message>
        <source>Print the victory and time sheet, the army rosters or the quick reference</source>
        <translation>Sieg- und Zeitblatt, Armeelisten oder Kurzreferenz drucken</translation>
    </message>
    <message>
        <source>Print Pre&amp;view...</source>
        <translation>Druck&amp;vorschau …</translation>
    </message>
    <message>
        <source>&amp;Export PDF...</source>
        <translation>Als PDF &amp;exportieren …</translation>
    </message>
    <message>
        <source>Write a sheet as a PDF file</source>
        <translation>Ein Blatt als PDF-Datei schreiben</translation>
    </message>
    <message>
        <source>%1: type the umpire&apos;s roll (4, or 0.650), or leave it empty and the app rolls; Enter resolves, Esc goes back to the board, a letter is a command (J, U, N)</source>
        <translation>%1: den Wurf des Schiedsrichters eingeben (4 oder 0.650) oder leer lassen, dann würfelt das Programm; Eingabe löst auf, Esc führt zurück zum Tisch, ein Buchstabe ist ein Befehl (J, U, N)</translation>
    </message>
    <message>
        <source>%1 roll</source>
        <translation>%1: Wurf</translation>
    </message>
    <message>
        <source>, +%1 more</source>
        <translation>, +%1 weitere</translation>
    </message>
    <message>
        <source>Written</source>
        <translation>Gespeichert</translation>
    </message>
    <message>
        <source>%1 written to
%2</source>
        <translation>%1 wurde gespeichert als
%2</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>Ö&amp;ffnen</translation>
    </message>
    <message>
        <source>Open the file in the desktop&apos;s viewer</source>
        <translation>Die Datei mit dem Standardprogramm des Desktops öffnen</translation>
    </message>
    <message>
        <source>Battle Report</source>
        <translation>Schlachtbericht</translation>
    </message>
    <message>
        <source>Web page (*.html);;PDF (*.pdf)</source>
        <translation>Webseite (*.html);;PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Drawing the board for each quarter hour…</source>
        <translation>Der Tisch wird für jede Viertelstunde gezeichnet …</translation>
    </message>
    <message>
        <source>The report was not written: %1</source>
        <translation>Der Bericht wurde nicht geschrieben: %1</translation>
    </message>
    <message>
        <source>The battle report</source>
        <translation>Der Schlachtbericht</translation>
    </message>
    <message>
        <source>%1 → %2 at %3 mm</source>
        <translation>%1 → %2 auf %3 mm</translation>
    </message>
    <message>
        <source>Table Plan</source>
        <translation>Tischplan</translation>
    </message>
    <message>
        <source>The table plan could not be printed: %1</source>
        <translation>Der Tischplan konnte nicht gedruckt werden: %1</translation>
    </message>
    <message>
        <source>Table plan</source>
        <translation>Tischplan</translation>
    </message>
    <message>
        <source>Table Plan: %1</source>
        <translation>Tischplan: %1</translation>
    </message>
    <message>
        <source>Export Table Plan</source>
        <translation>Tischplan exportieren</translation>
    </message>
    <message>
        <source>Paper (landscape):</source>
        <translation>Papier (quer):</translation>
    </message>
    <message>
        <source>This game prints no sheets yet.</source>
        <translation>Dieses Spiel druckt noch keine Blätter.</translation>
    </message>
</context>
<context>
    <name>fortuna</name>
    <message>
        <source>The rules data cannot be loaded:

%1</source>
        <translation>Die Regeldaten können nicht geladen werden:

%1</translation>
    </message>
    <message>
        <source>Broken data files left out</source>
        <translation>Fehlerhafte Datendateien ausgelassen</translation>
    </message>
    <message numerus="yes">
        <source>%n data file(s) could not be loaded and were left out. Every rule set, army and scenario that does not depend on them works.</source>
        <translation>
            <numerusform>%n Datendatei konnte nicht geladen werden und wurde ausgelassen. Jedes Regelwerk, jede Armee und jedes Szenario, das nicht von ihr abhängt, funktioniert.</numerusform>
            <numerusform>%n Datendateien konnten nicht geladen werden und wurden ausgelassen. Jedes Regelwerk, jede Armee und jedes Szenario, das nicht von ihnen abhängt, funktioniert.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fortuna::app::ArtilleryPanel</name>
    <message>
        <source>&amp;Battery</source>
        <translation>Ba&amp;tterie</translation>
    </message>
    <message>
        <source>&amp;Target</source>
        <translation>&amp;Ziel</translation>
    </message>
    <message>
        <source>Ra&amp;nge</source>
        <translation>&amp;Entfernung</translation>
    </message>
    <message>
        <source>&amp;Fire</source>
        <translation>&amp;Feuer</translation>
    </message>
    <message>
        <source>in sight</source>
        <translation>in Sicht</translation>
    </message>
    <message>
        <source>hidden</source>
        <translation>verdeckt</translation>
    </message>
    <message>
        <source>out of range</source>
        <translation>außer Reichweite</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#1a701a&apos;&gt;%1 sees %2: %3 mm (%4 m)&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#1a701a&apos;&gt;%1 sieht %2: %3 mm (%4 m)&lt;/span&gt;</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#c01010&apos;&gt;%1 cannot see %2: %3&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#c01010&apos;&gt;%1 kann %2 nicht sehen: %3&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Artillery</source>
        <translation>Artillerie</translation>
    </message>
    <message>
        <source>Battery</source>
        <translation>Batterie</translation>
    </message>
    <message>
        <source>The battery that fires: the phasing side&apos;s first</source>
        <translation>Die feuernde Batterie: die der ziehenden Seite zuerst</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>The enemy on the table: in range and in sight first, nearest first</source>
        <translation>Die Gegner auf dem Tisch: die in Reichweite und in Sicht zuerst, die nächsten zuerst</translation>
    </message>
    <message>
        <source>Range in board mm</source>
        <translation>Entfernung in Tisch-mm</translation>
    </message>
    <message>
        <source>Measured between the nearest edges; the umpire may correct it</source>
        <translation>Zwischen den nächsten Kanten gemessen; der Schiedsrichter darf sie korrigieren</translation>
    </message>
    <message>
        <source>Fire the battery</source>
        <translation>Die Batterie feuern lassen</translation>
    </message>
    <message>
        <source>Fire with the roll typed, or a roll of the app&apos;s (Enter in the roll box)</source>
        <translation>Mit dem eingegebenen Wurf feuern oder mit einem Wurf des Programms (Eingabe im Wurffeld)</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#c01010&apos;&gt;Not fired: %1&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#c01010&apos;&gt;Nicht gefeuert: %1&lt;/span&gt;</translation>
    </message>
</context>
<context>
    <name>fortuna::app::BattleLabDialog</name>
    <message>
        <source>Stopping: the battles under way finish, then those played are shown.</source>
        <translation>Wird angehalten: die laufenden Schlachten enden, dann werden die gespielten gezeigt.</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>&amp;Anhalten</translation>
    </message>
    <message numerus="yes">
        <source>Stopped after %n battle(s); shares with their 95% intervals (the whiskers).</source>
        <translation>
            <numerusform>Nach %n Schlacht angehalten; Anteile mit ihren 95-%-Intervallen (die Striche).</numerusform>
            <numerusform>Nach %n Schlachten angehalten; Anteile mit ihren 95-%-Intervallen (die Striche).</numerusform>
        </translation>
    </message>
    <message>
        <source>Battle Lab — %1</source>
        <translation>Schlachtlabor — %1</translation>
    </message>
    <message>
        <source>none: the printed tables only</source>
        <translation>keine: nur die gedruckten Tabellen</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Wählen …</translation>
    </message>
    <message>
        <source>&amp;Battles:</source>
        <translation>&amp;Schlachten:</translation>
    </message>
    <message>
        <source>First &amp;seed:</source>
        <translation>&amp;Erster Startwert:</translation>
    </message>
    <message>
        <source>&amp;Edited rule set:</source>
        <translation>&amp;Geändertes Regelwerk:</translation>
    </message>
    <message>
        <source>Both sides are played by their doctrines (docs/rules/opponent.md); battle i plays seed + i.</source>
        <translation>Beide Seiten spielen nach ihren Doktrinen (docs/rules/opponent.md); Schlacht i spielt Startwert + i.</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>S&amp;tarten</translation>
    </message>
    <message>
        <source>Edited rule set</source>
        <translation>Geändertes Regelwerk</translation>
    </message>
    <message>
        <source>Rule set (*.json)</source>
        <translation>Regelwerk (*.json)</translation>
    </message>
    <message>
        <source>The seed is a whole number 0-18446744073709551615, not “%1”.</source>
        <translation>Der Startwert ist eine ganze Zahl 0-18446744073709551615, nicht „%1“.</translation>
    </message>
    <message>
        <source>printed tables</source>
        <translation>gedruckte Tabellen</translation>
    </message>
    <message>
        <source>edited: %1</source>
        <translation>geändert: %1</translation>
    </message>
    <message>
        <source>The battles were not played: %1</source>
        <translation>Die Schlachten wurden nicht gespielt: %1</translation>
    </message>
    <message>
        <source>won by %1</source>
        <translation>gewonnen von %1</translation>
    </message>
    <message>
        <source>drawn</source>
        <translation>unentschieden</translation>
    </message>
    <message>
        <source>Shares with their 95% intervals (the whiskers); the same seeds give the same battles.</source>
        <translation>Anteile mit ihren 95-%-Intervallen (die Striche); dieselben Startwerte ergeben dieselben Schlachten.</translation>
    </message>
    <message numerus="yes">
        <source>Playing %n battle(s)…</source>
        <translation>
            <numerusform>%n Schlacht wird gespielt…</numerusform>
            <numerusform>%n Schlachten werden gespielt…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fortuna::app::BattlePlan</name>
    <message>
        <source>cannot open %1 for writing (%2); the file on disk is unchanged</source>
        <translation>%1 lässt sich nicht zum Schreiben öffnen (%2); die Datei auf der Platte ist unverändert</translation>
    </message>
    <message>
        <source>cannot write %1 (%2); the file on disk is unchanged</source>
        <translation>%1 lässt sich nicht schreiben (%2); die Datei auf der Platte ist unverändert</translation>
    </message>
    <message>
        <source>cannot finish writing %1 (%2); the file on disk is unchanged</source>
        <translation>%1 lässt sich nicht fertig schreiben (%2); die Datei auf der Platte ist unverändert</translation>
    </message>
</context>
<context>
    <name>fortuna::app::BoardScene</name>
    <message>
        <source>square fire %1 mm</source>
        <translation>Karreefeuer %1 mm</translation>
    </message>
    <message>
        <source>musketry %1 mm</source>
        <translation>Musketenfeuer %1 mm</translation>
    </message>
    <message>
        <source>1 mm = 2 m · table %1 × %2 mm · grid 100 mm</source>
        <translation>1 mm = 2 m · Tisch %1 × %2 mm · Gitter 100 mm</translation>
    </message>
    <message>
        <source>clear sight, %1 mm</source>
        <translation>freie Sicht, %1 mm</translation>
    </message>
</context>
<context>
    <name>fortuna::app::BoardView</name>
    <message>
        <source>Select: click or drag a unit; Alt-drag charges; Shift-drag goes past the allowance</source>
        <translation>Auswählen: Einheit anklicken oder ziehen; Alt-Ziehen greift an; Umschalt-Ziehen geht über die Bewegungsweite hinaus</translation>
    </message>
    <message>
        <source>Ruler: drag to measure in board mm and battlefield metres (Esc: back to select)</source>
        <translation>Lineal: ziehen, um in Tisch-mm und Schlachtfeld-Metern zu messen (Esc: zurück zum Auswählen)</translation>
    </message>
    <message>
        <source>Line of sight: drag from the observer to the target (Esc: back to select)</source>
        <translation>Sichtlinie: vom Beobachter zum Ziel ziehen (Esc: zurück zum Auswählen)</translation>
    </message>
    <message>
        <source>Ruler: %1 mm on the table = %2 m on the battlefield</source>
        <translation>Lineal: %1 mm auf dem Tisch = %2 m auf dem Schlachtfeld</translation>
    </message>
    <message>
        <source>Line of sight clear over %1 mm</source>
        <translation>Sichtlinie frei über %1 mm</translation>
    </message>
    <message>
        <source>%1 not moved: %2. Hold Shift to move anyway; the journal will flag it.</source>
        <translation>%1 nicht bewegt: %2. Mit gedrückter Umschalttaste trotzdem bewegen; das Journal vermerkt es.</translation>
    </message>
    <message>
        <source>%1: no enemy in reach (Tab: the next unit)</source>
        <translation>%1: kein Gegner in Reichweite (Tab: die nächste Einheit)</translation>
    </message>
    <message>
        <source>%1: %2 enemy unit(s) in reach; E chooses the one to attack or fire on</source>
        <translation>%1: %2 gegnerische Einheit(en) in Reichweite; E wählt, welche angegriffen oder beschossen wird</translation>
    </message>
    <message>
        <source>%1 has no enemy in contact or in range (%2 mm): Tab for another unit</source>
        <translation>%1 hat keinen Gegner in Kontakt oder in Reichweite (%2 mm): Tab für eine andere Einheit</translation>
    </message>
    <message>
        <source>%1 against %2 (%3 mm; %4 of %5 in reach): C combat, A fire, E the next enemy</source>
        <translation>%1 gegen %2 (%3 mm; %4 von %5 in Reichweite): C Gefecht, A Feuer, E der nächste Gegner</translation>
    </message>
</context>
<context>
    <name>fortuna::app::CombatPanel</name>
    <message>
        <source>&amp;Attacker</source>
        <translation>A&amp;ngreifer</translation>
    </message>
    <message>
        <source>&amp;Defender</source>
        <translation>&amp;Verteidiger</translation>
    </message>
    <message>
        <source>&amp;Flank (+1 col)</source>
        <translation>&amp;Flanke (+1 Spalte)</translation>
    </message>
    <message>
        <source>&amp;Rear (+2 col)</source>
        <translation>&amp;Rücken (+2 Spalten)</translation>
    </message>
    <message>
        <source>C&amp;harge</source>
        <translation>Attac&amp;ke</translation>
    </message>
    <message>
        <source>&amp;Obstacle</source>
        <translation>H&amp;indernis</translation>
    </message>
    <message>
        <source>arms </source>
        <translation>Waffengattungen </translation>
    </message>
    <message>
        <source>no terrain advantage</source>
        <translation>kein Geländevorteil</translation>
    </message>
    <message>
        <source>terrain favours attacker</source>
        <translation>Gelände begünstigt den Angreifer</translation>
    </message>
    <message>
        <source>terrain favours defender</source>
        <translation>Gelände begünstigt den Verteidiger</translation>
    </message>
    <message>
        <source>Attacker&apos;s leader</source>
        <translation>Anführer des Angreifers</translation>
    </message>
    <message>
        <source>Defender&apos;s leader</source>
        <translation>Anführer des Verteidigers</translation>
    </message>
    <message>
        <source>empty: the app rolls; or type the umpire&apos;s roll</source>
        <translation>leer: das Programm würfelt; oder den Wurf des Schiedsrichters eingeben</translation>
    </message>
    <message>
        <source>Roll &amp;&amp; apply (Ctrl+Enter)</source>
        <translation>Würfeln &amp;&amp; anwenden (Strg+Eingabe)</translation>
    </message>
    <message>
        <source>Ro&amp;ll</source>
        <translation>Würfe&amp;ln</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keiner</translation>
    </message>
    <message>
        <source>The board proposes no modifier.</source>
        <translation>Der Tisch schlägt keinen Modifikator vor.</translation>
    </message>
    <message>
        <source>Proposed from the board: %1</source>
        <translation>Vom Tisch vorgeschlagen: %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cavalry against a square&lt;/b&gt;: %1 with %2 (the odds table is not used).</source>
        <translation>&lt;b&gt;Kavallerie gegen Karree&lt;/b&gt;: %1 mit %2 (die Verhältnistabelle wird nicht benutzt).</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Leaders first roll under fire (Table 6); the bars assume they survive.&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;Anführer würfeln zuerst unter Beschuss (Tabelle 6); die Balken nehmen an, dass sie überleben.&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#c01010&apos;&gt;%1&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#c01010&apos;&gt;%1&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Combat</source>
        <translation>Gefecht</translation>
    </message>
    <message>
        <source>Attacker</source>
        <translation>Angreifer</translation>
    </message>
    <message>
        <source>The attacking unit (Tab and E choose it from the board)</source>
        <translation>Die angreifende Einheit (Tab und E wählen sie auf dem Tisch)</translation>
    </message>
    <message>
        <source>Defender</source>
        <translation>Verteidiger</translation>
    </message>
    <message>
        <source>The defending unit</source>
        <translation>Die verteidigende Einheit</translation>
    </message>
    <message>
        <source>Flank attack</source>
        <translation>Flankenangriff</translation>
    </message>
    <message>
        <source>Attack on the defender&apos;s flank: one column in the attacker&apos;s favour (Table 6)</source>
        <translation>Angriff in die Flanke des Verteidigers: eine Spalte zugunsten des Angreifers (Tabelle 6)</translation>
    </message>
    <message>
        <source>Rear attack</source>
        <translation>Angriff in den Rücken</translation>
    </message>
    <message>
        <source>Attack on the defender&apos;s rear: two columns in the attacker&apos;s favour (Table 6)</source>
        <translation>Angriff in den Rücken des Verteidigers: zwei Spalten zugunsten des Angreifers (Tabelle 6)</translation>
    </message>
    <message>
        <source>Charge</source>
        <translation>Attacke</translation>
    </message>
    <message>
        <source>The attacker charged this turn</source>
        <translation>Der Angreifer hat in diesem Zug attackiert</translation>
    </message>
    <message>
        <source>Obstacle</source>
        <translation>Hindernis</translation>
    </message>
    <message>
        <source>A wall, earthwork or redan between them</source>
        <translation>Eine Mauer, eine Schanze oder ein Redan zwischen ihnen</translation>
    </message>
    <message>
        <source>Combined arms</source>
        <translation>Verbundene Waffen</translation>
    </message>
    <message>
        <source>How many arms attack together (infantry, cavalry, artillery)</source>
        <translation>Wie viele Waffengattungen gemeinsam angreifen (Infanterie, Kavallerie, Artillerie)</translation>
    </message>
    <message>
        <source>Terrain advantage</source>
        <translation>Geländevorteil</translation>
    </message>
    <message>
        <source>Uphill, in a village or a wood: who the ground favours</source>
        <translation>Bergauf, in einem Dorf oder einem Wald: wen das Gelände begünstigt</translation>
    </message>
    <message>
        <source>A general with the attacker (rolls under fire first, Table 6)</source>
        <translation>Ein General beim Angreifer (würfelt zuerst unter Beschuss, Tabelle 6)</translation>
    </message>
    <message>
        <source>A general with the defender</source>
        <translation>Ein General beim Verteidiger</translation>
    </message>
    <message>
        <source>Roll and apply the combat</source>
        <translation>Das Gefecht würfeln und anwenden</translation>
    </message>
    <message>
        <source>Resolve with the roll typed, or a roll of the app&apos;s (Ctrl+Enter, or Enter in the roll box)</source>
        <translation>Mit dem eingegebenen Wurf auflösen oder mit einem Wurf des Programms (Strg+Eingabe oder Eingabe im Wurffeld)</translation>
    </message>
    <message>
        <source>Combat result</source>
        <translation>Gefechtsergebnis</translation>
    </message>
    <message>
        <source>The last combat applied and the table cells it used</source>
        <translation>Das zuletzt angewandte Gefecht und die Tabellenfelder, die es benutzt hat</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 : %2&lt;/b&gt; → odds %3, column &lt;b&gt;%4&lt;/b&gt;%5, roll modifier &lt;b&gt;%6&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1 : %2&lt;/b&gt; → Verhältnis %3, Spalte &lt;b&gt;%4&lt;/b&gt;%5, Wurfmodifikator &lt;b&gt;%6&lt;/b&gt;</translation>
    </message>
    <message>
        <source> (%1 shifted)</source>
        <translation> (um %1 verschoben)</translation>
    </message>
</context>
<context>
    <name>fortuna::app::CompanionDialog</name>
    <message>
        <source>Table Companion</source>
        <translation>Tischbegleiter</translation>
    </message>
    <message>
        <source>Players follow the battle and roll their own dice from their phones; you accept or decline what they propose. Anyone who can reach the address sees the board; a join code lets a player act for their side only.</source>
        <translation>Die Spieler verfolgen die Schlacht und würfeln selbst auf ihren Handys; Sie nehmen an oder lehnen ab, was sie vorschlagen. Wer die Adresse erreicht, sieht den Tisch; mit einem Beitrittscode handelt ein Spieler nur für seine eigene Seite.</translation>
    </message>
    <message>
        <source>This computer only (127.0.0.1)</source>
        <translation>Nur dieser Computer (127.0.0.1)</translation>
    </message>
    <message>
        <source>The club&apos;s network (%1)</source>
        <translation>Das Netzwerk des Vereins (%1)</translation>
    </message>
    <message>
        <source>Every network of this computer (0.0.0.0)</source>
        <translation>Alle Netzwerke dieses Computers (0.0.0.0)</translation>
    </message>
    <message>
        <source>Listen on</source>
        <translation>Erreichbar über</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <source>Start Serving</source>
        <translation>Server starten</translation>
    </message>
    <message>
        <source>QR code for</source>
        <translation>QR-Code für</translation>
    </message>
    <message>
        <source>Who</source>
        <translation>Wer</translation>
    </message>
    <message>
        <source>Join code</source>
        <translation>Beitrittscode</translation>
    </message>
    <message>
        <source>Not serving.</source>
        <translation>Der Server läuft nicht.</translation>
    </message>
    <message>
        <source>Open a battle first.</source>
        <translation>Öffnen Sie zuerst eine Schlacht.</translation>
    </message>
    <message numerus="yes">
        <source>Serving: %n page(s) connected.</source>
        <translation>
            <numerusform>Der Server läuft: %n Seite verbunden.</numerusform>
            <numerusform>Der Server läuft: %n Seiten verbunden.</numerusform>
        </translation>
    </message>
    <message>
        <source>From %1: %2</source>
        <translation>Von %1: %2</translation>
    </message>
    <message>
        <source>Cannot serve: %1</source>
        <translation>Der Server kann nicht starten: %1</translation>
    </message>
    <message>
        <source>Stop Serving</source>
        <translation>Server anhalten</translation>
    </message>
    <message>
        <source>Serving: 0 pages connected.</source>
        <translation>Der Server läuft: 0 Seiten verbunden.</translation>
    </message>
    <message>
        <source>Everyone (watch only)</source>
        <translation>Alle (nur zuschauen)</translation>
    </message>
    <message>
        <source>Umpire</source>
        <translation>Schiedsrichter</translation>
    </message>
    <message>
        <source>(no QR code: libqrencode is missing)</source>
        <translation>(kein QR-Code: libqrencode fehlt)</translation>
    </message>
    <message>
        <source>New Code</source>
        <translation>Neuer Code</translation>
    </message>
    <message>
        <source>Revoke the selected join code and issue a new one; pages joined with the old code can only watch</source>
        <translation>Den gewählten Beitrittscode widerrufen und einen neuen ausgeben; Seiten, die mit dem alten Code beigetreten sind, können nur noch zusehen</translation>
    </message>
    <message>
        <source>New Codes for Every Side</source>
        <translation>Neue Codes für jede Seite</translation>
    </message>
    <message>
        <source>Revoke every side&apos;s join code and issue new ones; the umpire&apos;s code stays</source>
        <translation>Die Beitrittscodes aller Seiten widerrufen und neue ausgeben; der Code des Schiedsrichters bleibt</translation>
    </message>
    <message>
        <source>Cannot issue a new code: %1</source>
        <translation>Kein neuer Code möglich: %1</translation>
    </message>
    <message>
        <source>New join code for %1; the old one no longer works.</source>
        <translation>Neuer Beitrittscode für %1; der alte gilt nicht mehr.</translation>
    </message>
    <message>
        <source>New join codes for every side; the old ones no longer work.</source>
        <translation>Neue Beitrittscodes für jede Seite; die alten gelten nicht mehr.</translation>
    </message>
    <message>
        <source>Fog of war: each side sees the enemy only where its units and generals see them</source>
        <translation>Nebel des Krieges: jede Seite sieht den Feind nur, wo ihre Einheiten und Generäle ihn sehen</translation>
    </message>
</context>
<context>
    <name>fortuna::app::CrisisPanel</name>
    <message>
        <source>Test side &amp;1</source>
        <translation>Seite &amp;1 testen</translation>
    </message>
    <message>
        <source>Test side &amp;2</source>
        <translation>Seite &amp;2 testen</translation>
    </message>
    <message>
        <source>Roll</source>
        <translation>Würfeln</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b style=&apos;color:#c01010&apos;&gt;Immediate crisis: %1 reached&lt;/b&gt;</source>
        <translation>&lt;br&gt;&lt;b style=&apos;color:#c01010&apos;&gt;Sofortige Krise: %1 erreicht&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b style=&apos;color:#c06000&apos;&gt;Test due&lt;/b&gt; (%1): crisis on %2, chance %3</source>
        <translation>&lt;br&gt;&lt;b style=&apos;color:#c06000&apos;&gt;Test fällig&lt;/b&gt; (%1): Krise bei %2, Wahrscheinlichkeit %3</translation>
    </message>
    <message>
        <source>&lt;br&gt;next test at %1% = %2 bases lost (%3 more)</source>
        <translation>&lt;br&gt;nächster Test bei %1 % = %2 verlorene Basen (%3 weitere)</translation>
    </message>
    <message>
        <source>Crisis of morale</source>
        <translation>Moralkrise</translation>
    </message>
    <message>
        <source>Crisis test, side %1</source>
        <translation>Krisentest, Seite %1</translation>
    </message>
    <message>
        <source>Make this side&apos;s crisis-of-morale test (seed 000 section 9) with the roll typed, or a roll of the app&apos;s</source>
        <translation>Den Moralkrisentest dieser Seite (seed 000, Abschnitt 9) mit dem eingegebenen Wurf machen oder mit einem Wurf des Programms</translation>
    </message>
    <message>
        <source>No crisis test is due for %1: %2 of %3 bases lost.</source>
        <translation>Für %1 ist kein Krisentest fällig: %2 von %3 Basen verloren.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 of %3 bases lost (%4%)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: %2 von %3 Basen verloren (%4%)</translation>
    </message>
</context>
<context>
    <name>fortuna::app::DutiesPanel</name>
    <message>
        <source>Enter or double click: select the units and open the resolver · J: the next open item · Esc: the board</source>
        <translation>Eingabe oder Doppelklick: Einheiten auswählen und den Auflöser öffnen · J: nächster offener Punkt · Esc: der Tisch</translation>
    </message>
    <message>
        <source>Enter opens the resolver · J next open item · N next phase · ticks come from the journal (undo reopens)</source>
        <translation>Eingabe öffnet den Auflöser · J nächster offener Punkt · N nächste Phase · Haken kommen aus dem Journal (Rückgängig öffnet wieder)</translation>
    </message>
    <message>
        <source>Done: </source>
        <translation>Erledigt: </translation>
    </message>
    <message>
        <source>Duties %1): none</source>
        <translation>Pflichten %1): keine</translation>
    </message>
    <message>
        <source>Duties %1): %2 to do, %3 done</source>
        <translation>Pflichten %1): %2 offen, %3 erledigt</translation>
    </message>
    <message>
        <source> · %1 later this half-turn</source>
        <translation> · %1 später in diesem Halbzug</translation>
    </message>
    <message>
        <source>Duties (Ctrl+D)</source>
        <translation>Pflichten (Strg+D)</translation>
    </message>
    <message>
        <source>Cannot list the duties: %1</source>
        <translation>Die Pflichten können nicht aufgelistet werden: %1</translation>
    </message>
    <message>
        <source>%1, turn %2 (%3): what the rules require now</source>
        <translation>%1, Zug %2 (%3): was die Regeln jetzt verlangen</translation>
    </message>
    <message>
        <source>nothing required</source>
        <translation>nichts verlangt</translation>
    </message>
    <message>
        <source>%1 to do, %2 done</source>
        <translation>%1 offen, %2 erledigt</translation>
    </message>
    <message>
        <source> · passed</source>
        <translation> · vorbei</translation>
    </message>
    <message>
        <source>%1
%2
Enter: open the resolver</source>
        <translation>%1
%2
Eingabe: den Auflöser öffnen</translation>
    </message>
    <message>
        <source>→ %1 %2: %3 mm, band %4</source>
        <translation>→ %1 %2: %3 mm, Band %4</translation>
    </message>
    <message>
        <source>Enter: fire on %1</source>
        <translation>Eingabe: auf %1 feuern</translation>
    </message>
    <message>
        <source>Duties of the phasing side</source>
        <translation>Pflichten der ziehenden Seite</translation>
    </message>
</context>
<context>
    <name>fortuna::app::GameDocument</name>
    <message>
        <source>No battle</source>
        <translation>Keine Schlacht</translation>
    </message>
    <message>
        <source>No battle is open</source>
        <translation>Keine Schlacht ist geöffnet</translation>
    </message>
    <message>
        <source>Undone: %1</source>
        <translation>Rückgängig gemacht: %1</translation>
    </message>
    <message>
        <source>Redone with the same rolls: %1</source>
        <translation>Wiederhergestellt mit denselben Würfen: %1</translation>
    </message>
    <message>
        <source> (read-only)</source>
        <translation> (schreibgeschützt)</translation>
    </message>
    <message>
        <source>the start of the game (no action yet)</source>
        <translation>Spielbeginn (noch keine Aktion)</translation>
    </message>
    <message>
        <source>#%1 %2</source>
        <translation>#%1 %2</translation>
    </message>
    <message>
        <source>Not applied: %1</source>
        <translation>Nicht angewandt: %1</translation>
    </message>
    <message>
        <source>the last save</source>
        <translation>der zuletzt gespeicherte Stand</translation>
    </message>
    <message>
        <source>every action up to %1, in %2</source>
        <translation>alle Aktionen bis %1, in %2</translation>
    </message>
    <message>
        <source>. The journal has stopped there: actions from now on are in memory until you save</source>
        <translation>. Das Journal hat dort aufgehört: Aktionen ab jetzt sind nur im Arbeitsspeicher, bis Sie speichern</translation>
    </message>
    <message>
        <source>The crash-safe journal could not be created: %1</source>
        <translation>Das absturzsichere Journal konnte nicht angelegt werden: %1</translation>
    </message>
    <message>
        <source>nothing of this game is on disk yet; every action stays in memory until you save it</source>
        <translation>von dieser Partie ist noch nichts auf der Festplatte; jede Aktion bleibt im Arbeitsspeicher, bis Sie speichern</translation>
    </message>
    <message>
        <source>%1 as it was opened; actions from now on stay in memory until you save</source>
        <translation>%1 wie beim Öffnen; Aktionen ab jetzt bleiben im Arbeitsspeicher, bis Sie speichern</translation>
    </message>
</context>
<context>
    <name>fortuna::app::KingsEditor</name>
    <message>
        <source>Battle &amp;id:</source>
        <translation>&amp;Kennung der Schlacht:</translation>
    </message>
    <message>
        <source>Battle &amp;name:</source>
        <translation>&amp;Name der Schlacht:</translation>
    </message>
    <message>
        <source>%1 x %2 cm, the seed&apos;s 6 ft x 2 ft 6 in table in 12 sectors of 1 ft x 1 ft 3 in. Game Of Kings states its distances on the table, in cm: no ground scale (seed 004, RANDOM TERRAIN GENERATOR).</source>
        <translation>%1 x %2 cm, der Tisch der Vorlage von 6 x 2½ Fuß in 12 Sektoren zu 1 Fuß x 1 Fuß 3 Zoll. Game Of Kings gibt seine Entfernungen auf dem Tisch an, in cm: kein Geländemaßstab (Vorlage 004, RANDOM TERRAIN GENERATOR).</translation>
    </message>
    <message>
        <source>Table:</source>
        <translation>Tisch:</translation>
    </message>
    <message>
        <source>Turn limit:</source>
        <translation>Zuggrenze:</translation>
    </message>
    <message>
        <source>Historic: the ground placed by name, no generator (D40)</source>
        <translation>Historisch: das Gelände mit Namen gestellt, kein Generator (D40)</translation>
    </message>
    <message>
        <source>Player A (from the bottom edge)</source>
        <translation>Spieler A (vom unteren Rand)</translation>
    </message>
    <message>
        <source>Player B (from the top edge)</source>
        <translation>Spieler B (vom oberen Rand)</translation>
    </message>
    <message>
        <source>Side id:</source>
        <translation>Kennung der Seite:</translation>
    </message>
    <message>
        <source>Side name:</source>
        <translation>Name der Seite:</translation>
    </message>
    <message>
        <source>General with:</source>
        <translation>General bei:</translation>
    </message>
    <message>
        <source>Army points:</source>
        <translation>Armeepunkte:</translation>
    </message>
    <message>
        <source>Battle</source>
        <translation>Schlacht</translation>
    </message>
    <message>
        <source>Generator seed:</source>
        <translation>Startwert des Generators:</translation>
    </message>
    <message>
        <source>or the faces thrown at the table: 5,1,5,2,…</source>
        <translation>oder die am Tisch geworfenen Augen: 5,1,5,2,…</translation>
    </message>
    <message>
        <source>Dice typed:</source>
        <translation>Eingegebene Würfel:</translation>
    </message>
    <message>
        <source>&amp;Random terrain</source>
        <translation>&amp;Zufallsgelände</translation>
    </message>
    <message>
        <source>The seed&apos;s generator for a non-historic battle: a die a sector, a piece on 4-6, then a die for its kind</source>
        <translation>Der Generator der Vorlage für eine nicht historische Schlacht: ein Würfel je Sektor, ein Geländestück bei 4-6, dann ein Würfel für seine Art</translation>
    </message>
    <message>
        <source>Terrain thrown: the dice and what each gave are under the button (Ctrl+Z takes it back)</source>
        <translation>Gelände gewürfelt: die Würfel und was jeder ergab stehen unter der Schaltfläche (Strg+Z nimmt es zurück)</translation>
    </message>
    <message>
        <source>its name</source>
        <translation>sein Name</translation>
    </message>
    <message>
        <source>Add piece</source>
        <translation>Stück hinzufügen</translation>
    </message>
    <message>
        <source>Placed in the middle of the table: drag it, or pull its corner</source>
        <translation>In die Tischmitte gestellt: ziehen Sie es, oder ziehen Sie an seiner Ecke</translation>
    </message>
    <message>
        <source>Terrain</source>
        <translation>Gelände</translation>
    </message>
    <message>
        <source>player A</source>
        <translation>Spieler A</translation>
    </message>
    <message>
        <source>player B</source>
        <translation>Spieler B</translation>
    </message>
    <message>
        <source>Side:</source>
        <translation>Seite:</translation>
    </message>
    <message>
        <source>From the list:</source>
        <translation>Aus der Liste:</translation>
    </message>
    <message>
        <source>its name (the list&apos;s if empty)</source>
        <translation>sein Name (der der Liste, wenn leer)</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>Sector:</source>
        <translation>Sektor:</translation>
    </message>
    <message>
        <source>At x, y:</source>
        <translation>Bei x, y:</translation>
    </message>
    <message>
        <source>Add at x, y</source>
        <translation>Bei x, y hinzufügen</translation>
    </message>
    <message>
        <source>Add, then click on the board</source>
        <translation>Hinzufügen, dann auf den Tisch klicken</translation>
    </message>
    <message>
        <source>Armies</source>
        <translation>Armeen</translation>
    </message>
    <message>
        <source>Selected</source>
        <translation>Ausgewählt</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Probleme</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Edit Scenario…</source>
        <translation>Szenario &amp;bearbeiten …</translation>
    </message>
    <message>
        <source>Edit a Game Of Kings scenario</source>
        <translation>Ein Game-Of-Kings-Szenario bearbeiten</translation>
    </message>
    <message>
        <source>Scenarios (*.json);;All files (*)</source>
        <translation>Szenarien (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter …</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>S&amp;pielen</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>Schl&amp;ießen</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <source>&amp;Delete the Selected Piece</source>
        <translation>Das gewählte Stück &amp;löschen</translation>
    </message>
    <message>
        <source>&amp;Turn the Selected Piece</source>
        <translation>Das gewählte Stück &amp;drehen</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Bearbeiten</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Spielen</translation>
    </message>
    <message>
        <source>not saved yet</source>
        <translation>noch nicht gespeichert</translation>
    </message>
    <message>
        <source>%1 (%2)%3 — Game Of Kings scenario editor</source>
        <translation>%1 (%2)%3 — Game-Of-Kings-Szenarioeditor</translation>
    </message>
    <message>
        <source>(choose a unit)</source>
        <translation>(eine Einheit wählen)</translation>
    </message>
    <message>
        <source>%1: %2 (the general 3, %3 foot at 2, %4 others at 1; seed 004, VICTORY)</source>
        <translation>%1: %2 (der General 3, %3 Fußtruppen zu 2, %4 andere zu 1; Vorlage 004, VICTORY)</translation>
    </message>
    <message>
        <source>Dice: %1 (%2)</source>
        <translation>Würfel: %1 (%2)</translation>
    </message>
    <message>
        <source>The dice do not make a throw: %1</source>
        <translation>Die Würfel ergeben keinen Wurf: %1</translation>
    </message>
    <message>
        <source>No terrain thrown yet: press Random terrain (a non-historic battle), or tick Historic and place the ground by name.</source>
        <translation>Noch kein Gelände gewürfelt: Zufallsgelände drücken (eine nicht historische Schlacht), oder Historisch ankreuzen und das Gelände mit Namen stellen.</translation>
    </message>
    <message>
        <source>(to choose)</source>
        <translation>(zu wählen)</translation>
    </message>
    <message>
        <source>Row %1, sector %2 (player A&apos;s choice):</source>
        <translation>Reihe %1, Sektor %2 (Wahl von Spieler A):</translation>
    </message>
    <message>
        <source>Row %1, sector %2 (player B&apos;s choice):</source>
        <translation>Reihe %1, Sektor %2 (Wahl von Spieler B):</translation>
    </message>
    <message>
        <source>unknown list unit</source>
        <translation>unbekannte Listeneinheit</translation>
    </message>
    <message>
        <source>%1 of %2: %3, %4%5</source>
        <translation>%1 aus %2: %3, %4%5</translation>
    </message>
    <message>
        <source>, cuirassiers</source>
        <translation>, Kürassiere</translation>
    </message>
    <message>
        <source>a unit of no known list</source>
        <translation>eine Einheit keiner bekannten Liste</translation>
    </message>
    <message>
        <source>Id:</source>
        <translation>Kennung:</translation>
    </message>
    <message>
        <source>x (cm):</source>
        <translation>x (cm):</translation>
    </message>
    <message>
        <source>y (cm):</source>
        <translation>y (cm):</translation>
    </message>
    <message>
        <source>Formation:</source>
        <translation>Formation:</translation>
    </message>
    <message>
        <source>Faces player A&apos;s edge, as player B&apos;s army does (no wheels: D25-D31)</source>
        <translation>Blickt zum Rand von Spieler A, wie die Armee von Spieler B (keine Schwenks: D25-D31)</translation>
    </message>
    <message>
        <source>Faces player B&apos;s edge, as player A&apos;s army does (no wheels: D25-D31)</source>
        <translation>Blickt zum Rand von Spieler B, wie die Armee von Spieler A (keine Schwenks: D25-D31)</translation>
    </message>
    <message>
        <source>Facing:</source>
        <translation>Blickrichtung:</translation>
    </message>
    <message>
        <source>Kind:</source>
        <translation>Art:</translation>
    </message>
    <message>
        <source>Source:</source>
        <translation>Quelle:</translation>
    </message>
    <message>
        <source>Click a unit or a piece placed by name; drag to move it, pull a piece&apos;s corner to resize it, R turns it.</source>
        <translation>Klicken Sie eine Einheit oder ein mit Namen gestelltes Stück; ziehen verschiebt es, die Ecke eines Stücks ändert seine Größe, R dreht es.</translation>
    </message>
    <message>
        <source>Plays</source>
        <translation>Spielbar</translation>
    </message>
    <message numerus="yes">
        <source>Draft: %n problem(s)</source>
        <translation>
            <numerusform>Entwurf: %n Problem</numerusform>
            <numerusform>Entwurf: %n Probleme</numerusform>
        </translation>
    </message>
    <message>
        <source>A new Game Of Kings battle: throw the terrain, add units from the lists, choose each side&apos;s general, save (Ctrl+S)</source>
        <translation>Eine neue Game-Of-Kings-Schlacht: Gelände würfeln, Einheiten aus den Listen hinzufügen, den General jeder Seite wählen, speichern (Strg+S)</translation>
    </message>
    <message>
        <source>A shipped battle: Save asks where to keep your copy</source>
        <translation>Eine mitgelieferte Schlacht: Speichern fragt, wo Ihre Kopie hin soll</translation>
    </message>
    <message>
        <source>Cannot edit</source>
        <translation>Bearbeiten nicht möglich</translation>
    </message>
    <message>
        <source>%1

%2</source>
        <translation>%1

%2</translation>
    </message>
    <message>
        <source>Save the battle</source>
        <translation>Die Schlacht speichern</translation>
    </message>
    <message>
        <source>Scenarios (*.json)</source>
        <translation>Szenarien (*.json)</translation>
    </message>
    <message>
        <source>Saved %1: it plays</source>
        <translation>%1 gespeichert: spielbar</translation>
    </message>
    <message numerus="yes">
        <source>Saved %1 as a draft with %n problem(s)</source>
        <translation>
            <numerusform>%1 als Entwurf mit %n Problem gespeichert</numerusform>
            <numerusform>%1 als Entwurf mit %n Problemen gespeichert</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot save</source>
        <translation>Speichern nicht möglich</translation>
    </message>
    <message>
        <source>Not ready to play</source>
        <translation>Noch nicht spielbar</translation>
    </message>
    <message>
        <source>The battle is saved as a draft, but it does not play yet:

%1</source>
        <translation>Die Schlacht ist als Entwurf gespeichert, aber noch nicht spielbar:

%1</translation>
    </message>
    <message numerus="yes">
        <source>Not ready to play: %n problem(s), see the Problems</source>
        <translation>
            <numerusform>Noch nicht spielbar: %n Problem, siehe Probleme</numerusform>
            <numerusform>Noch nicht spielbar: %n Probleme, siehe Probleme</numerusform>
        </translation>
    </message>
    <message>
        <source>Random terrain</source>
        <translation>Zufallsgelände</translation>
    </message>
    <message>
        <source>A historic battle</source>
        <translation>Eine historische Schlacht</translation>
    </message>
    <message>
        <source>A non-historic battle</source>
        <translation>Eine nicht historische Schlacht</translation>
    </message>
    <message>
        <source>Choose the terrain of row %1, sector %2</source>
        <translation>Das Gelände von Reihe %1, Sektor %2 wählen</translation>
    </message>
    <message>
        <source>A terrain piece is one of %1, not %2</source>
        <translation>Ein Geländestück ist eines von %1, nicht %2</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation>%1 hinzufügen</translation>
    </message>
    <message>
        <source>No unit %1 in the army list %2 (data/armies/game-of-kings)</source>
        <translation>Keine Einheit %1 in der Armeeliste %2 (data/armies/game-of-kings)</translation>
    </message>
    <message>
        <source>A side is player A or player B</source>
        <translation>Eine Seite ist Spieler A oder Spieler B</translation>
    </message>
    <message>
        <source>A sector is left, centre or right, not %1</source>
        <translation>Ein Sektor ist left, centre oder right (links, Mitte, rechts), nicht %1</translation>
    </message>
    <message>
        <source>Nothing selected for %1</source>
        <translation>Nichts ausgewählt für %1</translation>
    </message>
    <message>
        <source>%1: a number, not %2</source>
        <translation>%1: eine Zahl, nicht %2</translation>
    </message>
    <message>
        <source>Change %1</source>
        <translation>%1 ändern</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>Save the changes to %1 before closing?</source>
        <translation>Die Änderungen an %1 vor dem Schließen speichern?</translation>
    </message>
    <message>
        <source>%1: not applied, the draft&apos;s shape does not allow it (%2); the Problems say what to correct</source>
        <translation>%1: nicht angewandt, die Form des Entwurfs lässt es nicht zu (%2); die Probleme sagen, was zu berichtigen ist</translation>
    </message>
    <message>
        <source>Export &amp;Table Plan as PDF…</source>
        <translation>&amp;Tischplan als PDF exportieren…</translation>
    </message>
    <message>
        <source>Export Table Plan</source>
        <translation>Tischplan exportieren</translation>
    </message>
    <message>
        <source>Paper (landscape):</source>
        <translation>Papier (quer):</translation>
    </message>
    <message>
        <source>%1-table-plan.pdf</source>
        <translation>%1-tischplan.pdf</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Wrote the table plan to %1</source>
        <translation>Tischplan nach %1 geschrieben</translation>
    </message>
    <message>
        <source>The paper is A4, A3 or Letter, not %1</source>
        <translation>Das Papier ist A4, A3 oder Letter, nicht %1</translation>
    </message>
    <message>
        <source>The table plan could not be written: %1</source>
        <translation>Der Tischplan konnte nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <source>This build prints no sheets.</source>
        <translation>Dieser Build druckt keine Blätter.</translation>
    </message>
</context>
<context>
    <name>fortuna::app::KingsPlan</name>
    <message>
        <source>cannot open %1 for writing (%2); the file on disk is unchanged</source>
        <translation>%1 lässt sich nicht zum Schreiben öffnen (%2); die Datei auf der Platte ist unverändert</translation>
    </message>
    <message>
        <source>cannot write %1 (%2); the file on disk is unchanged</source>
        <translation>%1 lässt sich nicht schreiben (%2); die Datei auf der Platte ist unverändert</translation>
    </message>
    <message>
        <source>cannot finish writing %1 (%2); the file on disk is unchanged</source>
        <translation>%1 lässt sich nicht fertig schreiben (%2); die Datei auf der Platte ist unverändert</translation>
    </message>
    <message>
        <source>%1: not applied, the draft&apos;s shape does not allow it (%2); the Problems say what to correct</source>
        <translation>%1: nicht angewandt, die Form des Entwurfs lässt es nicht zu (%2); die Probleme sagen, was zu berichtigen ist</translation>
    </message>
</context>
<context>
    <name>fortuna::app::KingsScene</name>
    <message>
        <source>row %1, sector %2</source>
        <translation>Reihe %1, Sektor %2</translation>
    </message>
    <message>
        <source>player A&apos;s edge</source>
        <translation>Rand von Spieler A</translation>
    </message>
    <message>
        <source>player B&apos;s edge</source>
        <translation>Rand von Spieler B</translation>
    </message>
    <message>
        <source>A&apos;s choice</source>
        <translation>Wahl von A</translation>
    </message>
    <message>
        <source>B&apos;s choice</source>
        <translation>Wahl von B</translation>
    </message>
</context>
<context>
    <name>fortuna::app::KingsView</name>
    <message>
        <source>Click on the board where %1 stands</source>
        <translation>Klicken Sie auf den Tisch, wo %1 steht</translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation>%1 hinzufügen</translation>
    </message>
    <message>
        <source>Delete %1</source>
        <translation>%1 löschen</translation>
    </message>
    <message>
        <source>Delete a terrain piece</source>
        <translation>Ein Geländestück löschen</translation>
    </message>
    <message>
        <source>A unit faces the enemy&apos;s edge (Game Of Kings plays no wheels: D25-D31); its formation is in its properties</source>
        <translation>Eine Einheit blickt zum Rand des Feindes (Game Of Kings kennt keine Schwenks: D25-D31); ihre Formation steht in ihren Eigenschaften</translation>
    </message>
    <message>
        <source>Turn a terrain piece</source>
        <translation>Ein Geländestück drehen</translation>
    </message>
    <message>
        <source>Move %1</source>
        <translation>%1 verschieben</translation>
    </message>
    <message>
        <source>Resize a terrain piece</source>
        <translation>Die Größe eines Geländestücks ändern</translation>
    </message>
    <message>
        <source>Move a terrain piece</source>
        <translation>Ein Geländestück verschieben</translation>
    </message>
</context>
<context>
    <name>fortuna::app::MainWindow</name>
    <message>
        <source>Battle La&amp;b…</source>
        <translation>Schlachtla&amp;bor …</translation>
    </message>
    <message>
        <source>Open a scenario first</source>
        <translation>Öffnen Sie zuerst ein Szenario</translation>
    </message>
    <message>
        <source>%1 · rules: %2</source>
        <translation>%1 · Regeln: %2</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen …</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter …</translation>
    </message>
    <message>
        <source>Recover an Unfinished Game…</source>
        <translation>Unbeendetes Spiel wiederherstellen …</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <source>&amp;Command Line</source>
        <translation>&amp;Befehlszeile</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>&amp;Vergrößern</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <source>&amp;Fit the Table</source>
        <translation>Den &amp;Tisch einpassen</translation>
    </message>
    <message>
        <source>&amp;True Scale (1:1 on a 96 dpi screen)</source>
        <translation>&amp;Wahrer Maßstab (1:1 auf einem 96-dpi-Bildschirm)</translation>
    </message>
    <message>
        <source>100 mm &amp;Grid</source>
        <translation>100-mm-&amp;Gitter</translation>
    </message>
    <message>
        <source>&amp;Range Overlays</source>
        <translation>&amp;Reichweiten einblenden</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Werkzeuge</translation>
    </message>
    <message>
        <source>&amp;Select and Move</source>
        <translation>&amp;Auswählen und Bewegen</translation>
    </message>
    <message>
        <source>&amp;Ruler (Measure)</source>
        <translation>&amp;Lineal (Messen)</translation>
    </message>
    <message>
        <source>&amp;Line of Sight</source>
        <translation>&amp;Sichtlinie</translation>
    </message>
    <message>
        <source>Measure the Two Selected Units</source>
        <translation>Die zwei ausgewählten Einheiten messen</translation>
    </message>
    <message>
        <source>Sight Between the Two Selected Units</source>
        <translation>Sicht zwischen den zwei ausgewählten Einheiten</translation>
    </message>
    <message>
        <source>&amp;Game</source>
        <translation>&amp;Spiel</translation>
    </message>
    <message>
        <source>&amp;Next Phase</source>
        <translation>&amp;Nächste Phase</translation>
    </message>
    <message>
        <source>End this phase and go to the next (N)</source>
        <translation>Diese Phase beenden und zur nächsten gehen (N)</translation>
    </message>
    <message>
        <source>&amp;Combat… (type the roll, Enter)</source>
        <translation>&amp;Gefecht … (Wurf eingeben, Eingabe)</translation>
    </message>
    <message>
        <source>Resolve Combat in the &amp;Resolver</source>
        <translation>Gefecht im &amp;Auflöser auflösen</translation>
    </message>
    <message>
        <source>&amp;Artillery Fire…</source>
        <translation>A&amp;rtilleriefeuer …</translation>
    </message>
    <message>
        <source>&amp;Rally…</source>
        <translation>&amp;Sammeln …</translation>
    </message>
    <message>
        <source>Crisis of &amp;Morale Test…</source>
        <translation>&amp;Moralkrise testen …</translation>
    </message>
    <message>
        <source>&amp;Move Ahead…</source>
        <translation>&amp;Vorrücken …</translation>
    </message>
    <message>
        <source>C&amp;harge…</source>
        <translation>Atta&amp;cke …</translation>
    </message>
    <message>
        <source>Form &amp;Line</source>
        <translation>&amp;Linie bilden</translation>
    </message>
    <message>
        <source>Form C&amp;olumn</source>
        <translation>&amp;Kolonne bilden</translation>
    </message>
    <message>
        <source>Form &amp;Square / Hedgehog</source>
        <translation>Karree / &amp;Igel bilden</translation>
    </message>
    <message>
        <source>Wheel Left 45°</source>
        <translation>Linksschwenkung 45°</translation>
    </message>
    <message>
        <source>Wheel Right 45°</source>
        <translation>Rechtsschwenkung 45°</translation>
    </message>
    <message>
        <source>Bring On &amp;Reinforcements</source>
        <translation>Verstärkungen &amp;heranführen</translation>
    </message>
    <message>
        <source>&amp;Duties of the Phasing Side</source>
        <translation>&amp;Pflichten der ziehenden Seite</translation>
    </message>
    <message>
        <source>Open the Next &amp;Open Duty</source>
        <translation>Die nächste &amp;offene Pflicht öffnen</translation>
    </message>
    <message>
        <source>Nothing left to do in this phase: N for the next</source>
        <translation>In dieser Phase ist nichts mehr zu tun: N für die nächste</translation>
    </message>
    <message>
        <source>Deliberate Re-roll of the Last Action</source>
        <translation>Bewusster Neuwurf der letzten Aktion</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Keys and Commands</source>
        <translation>&amp;Tasten und Befehle</translation>
    </message>
    <message>
        <source>&amp;About Fortuna Belli</source>
        <translation>&amp;Über Fortuna Belli</translation>
    </message>
    <message>
        <source>Command Line</source>
        <translation>Befehlszeile</translation>
    </message>
    <message>
        <source> Umpire: </source>
        <translation> Schiedsrichter: </translation>
    </message>
    <message>
        <source>Order of Battle</source>
        <translation>Schlachtordnung</translation>
    </message>
    <message>
        <source>Unit Inspector</source>
        <translation>Einheiteninspektor</translation>
    </message>
    <message>
        <source>Duties (solo)</source>
        <translation>Pflichten (Solo)</translation>
    </message>
    <message>
        <source>Combat</source>
        <translation>Gefecht</translation>
    </message>
    <message>
        <source>Artillery</source>
        <translation>Artillerie</translation>
    </message>
    <message>
        <source>Rally</source>
        <translation>Sammeln</translation>
    </message>
    <message>
        <source>Crisis of Morale</source>
        <translation>Moralkrise</translation>
    </message>
    <message>
        <source>Victory</source>
        <translation>Sieg</translation>
    </message>
    <message>
        <source>Journal</source>
        <translation>Journal</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <source>Done already: %1</source>
        <translation>Schon erledigt: %1</translation>
    </message>
    <message>
        <source>Cannot open</source>
        <translation>Kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>%1

%2</source>
        <translation>%1

%2</translation>
    </message>
    <message>
        <source>Open a scenario or a saved game</source>
        <translation>Ein Szenario oder einen Spielstand öffnen</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>Save the game</source>
        <translation>Das Spiel speichern</translation>
    </message>
    <message>
        <source>Fortuna Belli games (*.fortuna)</source>
        <translation>Fortuna-Belli-Spiele (*.fortuna)</translation>
    </message>
    <message>
        <source>Recover an unfinished game?</source>
        <translation>Ein unbeendetes Spiel wiederherstellen?</translation>
    </message>
    <message>
        <source>&lt;p&gt;A game of &lt;b&gt;%1&lt;/b&gt; was not closed cleanly.&lt;/p&gt;&lt;p&gt;%2 journal lines; the last: &lt;i&gt;%3&lt;/i&gt;%4&lt;/p&gt;&lt;p&gt;Recover it exactly as it stood (rolls included)?&lt;/p&gt;</source>
        <translation>&lt;p&gt;Ein Spiel von &lt;b&gt;%1&lt;/b&gt; wurde nicht ordentlich geschlossen.&lt;/p&gt;&lt;p&gt;Zeilen im Journal: %2; die letzte: &lt;i&gt;%3&lt;/i&gt;%4&lt;/p&gt;&lt;p&gt;Genau so wiederherstellen, wie es stand (mit allen Würfen)?&lt;/p&gt;</translation>
    </message>
    <message>
        <source> (a last, unfinished line was dropped)</source>
        <translation> (eine letzte, unvollständige Zeile wurde verworfen)</translation>
    </message>
    <message>
        <source>&amp;Recover</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>&amp;Verwerfen</translation>
    </message>
    <message>
        <source>&amp;Later</source>
        <translation>&amp;Später</translation>
    </message>
    <message>
        <source>Unsaved battle</source>
        <translation>Ungespeicherte Schlacht</translation>
    </message>
    <message>
        <source>Select a unit first (Tab or click)</source>
        <translation>Zuerst eine Einheit auswählen (Tab oder Klick)</translation>
    </message>
    <message>
        <source>No battle is open</source>
        <translation>Keine Schlacht ist geöffnet</translation>
    </message>
    <message>
        <source>Nothing to undo</source>
        <translation>Nichts rückgängig zu machen</translation>
    </message>
    <message>
        <source>Nothing to redo</source>
        <translation>Nichts wiederherzustellen</translation>
    </message>
    <message>
        <source>%1 to %2: %3 mm between the nearest edges = %4 m</source>
        <translation>%1 bis %2: %3 mm zwischen den nächsten Kanten = %4 m</translation>
    </message>
    <message>
        <source>%1 sees %2</source>
        <translation>%1 sieht %2</translation>
    </message>
    <message>
        <source>Nothing left to do in this phase</source>
        <translation>In dieser Phase ist nichts mehr zu tun</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Keys&lt;/h3&gt;&lt;table&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Tab&lt;/b&gt; / Shift+Tab&lt;/td&gt;&lt;td&gt;select the next / previous unit (Ctrl+Tab adds to the selection)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;C&lt;/b&gt;, &lt;b&gt;A&lt;/b&gt;, &lt;b&gt;R&lt;/b&gt;, &lt;b&gt;K&lt;/b&gt;&lt;/td&gt;&lt;td&gt;combat, artillery, rally, crisis: the command line opens prefilled; type the roll or nothing, Enter&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;N&lt;/b&gt;&lt;/td&gt;&lt;td&gt;next phase&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+D&lt;/b&gt;, &lt;b&gt;J&lt;/b&gt;&lt;/td&gt;&lt;td&gt;the phasing side&apos;s duties (solo aid); open the next open one in its resolver&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;U&lt;/b&gt; / Ctrl+Z, Ctrl+Shift+Z&lt;/td&gt;&lt;td&gt;undo, redo (the same rolls)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;:&lt;/b&gt; or Ctrl+L&lt;/td&gt;&lt;td&gt;command line&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;M&lt;/b&gt;, &lt;b&gt;L&lt;/b&gt;, &lt;b&gt;S&lt;/b&gt;/Esc&lt;/td&gt;&lt;td&gt;ruler, line of sight, select tool&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;D&lt;/b&gt;, &lt;b&gt;V&lt;/b&gt;&lt;/td&gt;&lt;td&gt;distance and sight between the two selected units&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Alt+1/2/3&lt;/b&gt;, &lt;b&gt;[&lt;/b&gt; &lt;b&gt;]&lt;/b&gt;&lt;/td&gt;&lt;td&gt;line, column, square; wheel 45°&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;+&lt;/b&gt; &lt;b&gt;-&lt;/b&gt; Home&lt;/td&gt;&lt;td&gt;zoom, fit the table; &lt;b&gt;G&lt;/b&gt; grid, &lt;b&gt;O&lt;/b&gt; range overlays&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;h3&gt;Command line&lt;/h3&gt;&lt;pre&gt;</source>
        <translation>&lt;h3&gt;Tasten&lt;/h3&gt;&lt;table&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Tab&lt;/b&gt; / Umschalt+Tab&lt;/td&gt;&lt;td&gt;nächste / vorige Einheit auswählen (Strg+Tab erweitert die Auswahl)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;C&lt;/b&gt;, &lt;b&gt;A&lt;/b&gt;, &lt;b&gt;R&lt;/b&gt;, &lt;b&gt;K&lt;/b&gt;&lt;/td&gt;&lt;td&gt;Gefecht, Artillerie, Sammeln, Krise: die Befehlszeile öffnet sich vorausgefüllt; Wurf oder nichts eingeben, Eingabe&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;N&lt;/b&gt;&lt;/td&gt;&lt;td&gt;nächste Phase&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Strg+D&lt;/b&gt;, &lt;b&gt;J&lt;/b&gt;&lt;/td&gt;&lt;td&gt;die Pflichten der ziehenden Seite (Solohilfe); die nächste offene in ihrem Auflöser öffnen&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;U&lt;/b&gt; / Strg+Z, Strg+Umschalt+Z&lt;/td&gt;&lt;td&gt;rückgängig, wiederherstellen (dieselben Würfe)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;:&lt;/b&gt; oder Strg+L&lt;/td&gt;&lt;td&gt;Befehlszeile&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;M&lt;/b&gt;, &lt;b&gt;L&lt;/b&gt;, &lt;b&gt;S&lt;/b&gt;/Esc&lt;/td&gt;&lt;td&gt;Lineal, Sichtlinie, Auswahlwerkzeug&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;D&lt;/b&gt;, &lt;b&gt;V&lt;/b&gt;&lt;/td&gt;&lt;td&gt;Entfernung und Sicht zwischen den zwei ausgewählten Einheiten&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Alt+1/2/3&lt;/b&gt;, &lt;b&gt;[&lt;/b&gt; &lt;b&gt;]&lt;/b&gt;&lt;/td&gt;&lt;td&gt;Linie, Kolonne, Karree; Schwenkung 45°&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;+&lt;/b&gt; &lt;b&gt;-&lt;/b&gt; Pos1&lt;/td&gt;&lt;td&gt;Zoom, den Tisch einpassen; &lt;b&gt;G&lt;/b&gt; Gitter, &lt;b&gt;O&lt;/b&gt; Reichweiten&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;h3&gt;Befehlszeile&lt;/h3&gt;&lt;pre&gt;</translation>
    </message>
    <message>
        <source>Keys and commands</source>
        <translation>Tasten und Befehle</translation>
    </message>
    <message>
        <source>About Fortuna Belli</source>
        <translation>Über Fortuna Belli</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Fortuna Belli %1&lt;/h2&gt;&lt;p&gt;An umpire&apos;s assistant for horse-and-musket miniature wargames: the board at true scale (1 mm = 2 m) and every roll explained.&lt;/p&gt;&lt;p&gt;Rule sources:&lt;/p&gt;&lt;ul&gt;%2&lt;/ul&gt;&lt;p&gt;From the blog texts &lt;i&gt;The Age of Glaube&lt;/i&gt;, &lt;i&gt;The Age of Gloire&lt;/i&gt;, &lt;i&gt;The Age of Reason&lt;/i&gt;, &lt;i&gt;The Age of Destiny&lt;/i&gt;, &lt;i&gt;Realm of Chance: the Age of Gloire&lt;/i&gt; (dice edition) and &lt;i&gt;The Battle of White Mountain, 8 November 1620, Redux&lt;/i&gt;.&lt;/p&gt;&lt;p&gt;MIT licence.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Fortuna Belli %1&lt;/h2&gt;&lt;p&gt;Ein Schiedsrichter-Assistent für Tabletop-Schlachten der Musketenzeit: der Tisch im wahren Maßstab (1 mm = 2 m) und jeder Wurf erklärt.&lt;/p&gt;&lt;p&gt;Regelquellen:&lt;/p&gt;&lt;ul&gt;%2&lt;/ul&gt;&lt;p&gt;Nach den Blogtexten &lt;i&gt;The Age of Glaube&lt;/i&gt;, &lt;i&gt;The Age of Gloire&lt;/i&gt;, &lt;i&gt;The Age of Reason&lt;/i&gt;, &lt;i&gt;The Age of Destiny&lt;/i&gt;, &lt;i&gt;Realm of Chance: the Age of Gloire&lt;/i&gt; (Würfelausgabe) und &lt;i&gt;The Battle of White Mountain, 8 November 1620, Redux&lt;/i&gt;.&lt;/p&gt;&lt;p&gt;MIT-Lizenz.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Com&amp;puter Plays</source>
        <translation>Compu&amp;ter spielt</translation>
    </message>
    <message>
        <source>&amp;Both Sides</source>
        <translation>&amp;Beide Seiten</translation>
    </message>
    <message>
        <source>&amp;Pause / Resume</source>
        <translation>&amp;Pause / Weiter</translation>
    </message>
    <message>
        <source>&amp;Step: One Action of the Computer</source>
        <translation>&amp;Schritt: eine Aktion des Computers</translation>
    </message>
    <message>
        <source>The computer plays no side: Game &gt; Computer Plays</source>
        <translation>Der Computer spielt keine Seite: Spiel &gt; Computer spielt</translation>
    </message>
    <message>
        <source>Not the computer&apos;s half-turn</source>
        <translation>Nicht der Halbzug des Computers</translation>
    </message>
    <message>
        <source>Step by Step (Only on Step)</source>
        <translation>Schritt für Schritt (nur auf Schritt)</translation>
    </message>
    <message>
        <source>Slow (One Action a Second)</source>
        <translation>Langsam (eine Aktion pro Sekunde)</translation>
    </message>
    <message>
        <source>Fast (Five Actions a Second)</source>
        <translation>Schnell (fünf Aktionen pro Sekunde)</translation>
    </message>
    <message>
        <source>Instant (to the End of Its Half-Turn)</source>
        <translation>Sofort (bis zum Ende seines Halbzugs)</translation>
    </message>
    <message>
        <source>&amp;Take Over the Selected Units</source>
        <translation>Ausgewählte Einheiten &amp;übernehmen</translation>
    </message>
    <message>
        <source>Yours already</source>
        <translation>Schon Ihre</translation>
    </message>
    <message>
        <source>You command %1: the computer gives it no orders</source>
        <translation>Sie führen %1: der Computer gibt ihr keine Befehle</translation>
    </message>
    <message>
        <source>&amp;Hand Back the Selected Units</source>
        <translation>Ausgewählte Einheiten &amp;zurückgeben</translation>
    </message>
    <message>
        <source>Not taken over</source>
        <translation>Nicht übernommen</translation>
    </message>
    <message>
        <source>The computer commands %1 again</source>
        <translation>Der Computer führt %1 wieder</translation>
    </message>
    <message>
        <source>(no battle open)</source>
        <translation>(keine Schlacht offen)</translation>
    </message>
    <message>
        <source>&lt;tr&gt;&lt;td&gt;&lt;b&gt;P&lt;/b&gt;, Shift+P&lt;/td&gt;&lt;td&gt;computer: pause or resume; one action now&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;T&lt;/b&gt;, Shift+T&lt;/td&gt;&lt;td&gt;take the selected units over from the computer; hand them back&lt;/td&gt;&lt;/tr&gt;</source>
        <translation>&lt;tr&gt;&lt;td&gt;&lt;b&gt;P&lt;/b&gt;, Umschalt+P&lt;/td&gt;&lt;td&gt;Computer: anhalten oder weiter; jetzt eine Aktion&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;T&lt;/b&gt;, Umschalt+T&lt;/td&gt;&lt;td&gt;die ausgewählten Einheiten vom Computer übernehmen; zurückgeben&lt;/td&gt;&lt;/tr&gt;</translation>
    </message>
    <message>
        <source>%1   ·   a   ·   r   ·   n   ·   ? for help   (C, A, R, K, N from the board; : or Ctrl+L to type)</source>
        <translation>%1   ·   a   ·   r   ·   n   ·   ? für Hilfe   (C, A, R, K, N vom Tisch aus; : oder Strg+L zum Tippen)</translation>
    </message>
    <message>
        <source>&amp;Battle Report (HTML or PDF)…</source>
        <translation>Schlachtbe&amp;richt (HTML oder PDF) …</translation>
    </message>
    <message>
        <source>The battle so far, quarter hour by quarter hour, with a picture of the board for each</source>
        <translation>Die bisherige Schlacht, Viertelstunde für Viertelstunde, mit einem Bild des Tisches zu jeder</translation>
    </message>
    <message>
        <source>Select the Next Unit of the Phasing Side (Tab)</source>
        <translation>Nächste Einheit der ziehenden Seite auswählen (Tab)</translation>
    </message>
    <message>
        <source>Select the Next &amp;Enemy in Reach</source>
        <translation>Nächsten &amp;Gegner in Reichweite auswählen</translation>
    </message>
    <message>
        <source>Select the Previous Enemy in Reach</source>
        <translation>Vorigen Gegner in Reichweite auswählen</translation>
    </message>
    <message>
        <source>Table &amp;Companion…</source>
        <translation>Tischb&amp;egleiter …</translation>
    </message>
    <message>
        <source>? for help   (C, A, R, K, N from the board; : or Ctrl+L to type)</source>
        <translation>? für Hilfe   (C, A, R, K, N vom Tisch aus; : oder Strg+L zum Tippen)</translation>
    </message>
    <message>
        <source>The umpire&apos;s command line: a command, unit codes, modifiers and a roll, then Enter (? lists them). Up/Down recall earlier commands; Esc goes back to the board.</source>
        <translation>Die Befehlszeile des Schiedsrichters: ein Befehl, Einheitenkürzel, Modifikatoren und ein Wurf, dann Eingabe (? listet sie auf). Auf/Ab holen frühere Befehle zurück; Esc führt zurück zum Tisch.</translation>
    </message>
    <message>
        <source>Umpire&apos;s command line</source>
        <translation>Befehlszeile des Schiedsrichters</translation>
    </message>
    <message>
        <source>Opened read-only</source>
        <translation>Schreibgeschützt geöffnet</translation>
    </message>
    <message>
        <source>%1 is in use by %2.

It is open here read-only: you may look and play on, and save under another name.</source>
        <translation>%1 ist in Benutzung: %2.

Es ist hier schreibgeschützt geöffnet: Sie können es ansehen, weiterspielen und unter einem anderen Namen speichern.</translation>
    </message>
    <message>
        <source>the game as it stands, in memory here</source>
        <translation>das Spiel, wie es jetzt steht, hier im Arbeitsspeicher</translation>
    </message>
    <message>
        <source>Cannot write the game</source>
        <translation>Das Spiel kann nicht gespeichert werden</translation>
    </message>
    <message>
        <source>&lt;p&gt;%1&lt;/p&gt;&lt;p&gt;&lt;b&gt;Safe:&lt;/b&gt; %2.&lt;/p&gt;&lt;p&gt;The game stays open. Save it elsewhere (another folder or disk)?&lt;/p&gt;</source>
        <translation>&lt;p&gt;%1&lt;/p&gt;&lt;p&gt;&lt;b&gt;Sicher ist:&lt;/b&gt; %2.&lt;/p&gt;&lt;p&gt;Das Spiel bleibt offen. Anderswo speichern (in einem anderen Ordner oder auf einem anderen Laufwerk)?&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Save &amp;Elsewhere…</source>
        <translation>&amp;Anderswo speichern …</translation>
    </message>
    <message>
        <source>&amp;Not Now</source>
        <translation>&amp;Nicht jetzt</translation>
    </message>
    <message>
        <source>This game was recovered from its journal and has not been saved. Save it before closing?

Discard deletes the recovery journal.</source>
        <translation>Dieses Spiel wurde aus seinem Journal wiederhergestellt und ist noch nicht gespeichert. Vor dem Schließen speichern?

Verwerfen löscht das Wiederherstellungsjournal.</translation>
    </message>
    <message>
        <source>Save the game before closing?

Discard deletes the unsaved actions and their journal.</source>
        <translation>Das Spiel vor dem Schließen speichern?

Verwerfen löscht die ungespeicherten Aktionen und ihr Journal.</translation>
    </message>
    <message>
        <source>No crisis test is due for %1: %2 of %3 bases lost</source>
        <translation>Für %1 ist kein Krisentest fällig: %2 von %3 Basen verloren</translation>
    </message>
    <message>
        <source>Battles (*.json *.fortuna *.fortuna-naval *.journal);;All files (*)</source>
        <translation>Schlachten (*.json *.fortuna *.fortuna-naval *.journal);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>%1 cannot be opened; %2 is open instead.</source>
        <translation>%1 kann nicht geöffnet werden; stattdessen ist %2 geöffnet.</translation>
    </message>
    <message>
        <source>Scenarios (*.json);;All files (*)</source>
        <translation>Szenarien (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Edit This Battle&apos;s Scenario</source>
        <translation>Das Szenario dieser Schlacht bearbeiten</translation>
    </message>
    <message>
        <source>&amp;New Battle…</source>
        <translation>&amp;Neue Schlacht …</translation>
    </message>
    <message>
        <source>Edit Scenar&amp;io…</source>
        <translation>Szenario bearbe&amp;iten …</translation>
    </message>
    <message>
        <source>Edit a scenario</source>
        <translation>Ein Szenario bearbeiten</translation>
    </message>
</context>
<context>
    <name>fortuna::app::NavalBoard</name>
    <message>
        <source>wind %1, %2</source>
        <translation>Wind %1, %2</translation>
    </message>
    <message>
        <source>%1 cm left</source>
        <translation>noch %1 cm</translation>
    </message>
</context>
<context>
    <name>fortuna::app::NavalDesk</name>
    <message>
        <source>refused: %1</source>
        <translation>abgelehnt: %1</translation>
    </message>
    <message>
        <source>undone (the dice are kept: asking again gives the same roll)</source>
        <translation>rückgängig gemacht (die Würfe bleiben erhalten: ein neuer Versuch ergibt denselben Wurf)</translation>
    </message>
    <message>
        <source>redone: %1</source>
        <translation>wiederhergestellt: %1</translation>
    </message>
    <message>
        <source>no target in an arc of fire within %1 cm</source>
        <translation>kein Ziel in einem Schusswinkel innerhalb von %1 cm</translation>
    </message>
    <message>
        <source>Round %1, %2 to move. Wind from %3, speed %4%5. Damage inflicted: %6 %7, %8 %9.</source>
        <translation>Runde %1, %2 zieht. Wind aus %3, Stärke %4%5. Zugefügter Schaden: %6 %7, %8 %9.</translation>
    </message>
    <message>
        <source> (high seas)</source>
        <translation> (schwere See)</translation>
    </message>
    <message>
        <source>%1 (%2): port %3, starboard %4, masts %5, hull %6%7%8</source>
        <translation>%1 (%2): Backbord %3, Steuerbord %4, Masten %5, Rumpf %6%7%8</translation>
    </message>
    <message>
        <source>, on fire</source>
        <translation>, in Brand</translation>
    </message>
    <message>
        <source>, sunk</source>
        <translation>, gesunken</translation>
    </message>
    <message>
        <source>, prize</source>
        <translation>, Prise</translation>
    </message>
    <message>
        <source>No enemy in an arc of fire.</source>
        <translation>Kein Gegner in einem Schusswinkel.</translation>
    </message>
    <message>
        <source>%1 -&gt; %2: %3 broadside, %4 cm, gun decks: %5.</source>
        <translation>%1 -&gt; %2: Breitseite %3, %4 cm, Geschützdecks: %5.</translation>
    </message>
    <message>
        <source>
%1 (%2-6): at least one hit %3, fire %4</source>
        <translation>
%1 (%2-6): mindestens ein Treffer %3, Brand %4</translation>
    </message>
    <message>
        <source>%1[*] - Fortuna Belli, The Age of Sail</source>
        <translation>%1[*] – Fortuna Belli, The Age of Sail</translation>
    </message>
    <message>
        <source>No crash-safe journal: %1</source>
        <translation>Kein absturzsicheres Journal: %1</translation>
    </message>
    <message>
        <source>not applied, the journal could not be written: %1</source>
        <translation>nicht ausgeführt, das Journal konnte nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <source>not undone, the journal could not be written: %1</source>
        <translation>nicht rückgängig gemacht, das Journal konnte nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <source>not redone, the journal could not be written: %1</source>
        <translation>nicht wiederhergestellt, das Journal konnte nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>Nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>Save the naval game</source>
        <translation>Das Seegefecht speichern</translation>
    </message>
    <message>
        <source>Fortuna Belli naval games (*.fortuna-naval)</source>
        <translation>Fortuna-Belli-Seegefechte (*.fortuna-naval)</translation>
    </message>
    <message>
        <source>Wrote the victory sheet to %1</source>
        <translation>Das Siegesblatt wurde nach %1 geschrieben</translation>
    </message>
    <message>
        <source>The victory sheet was not written: %1</source>
        <translation>Das Siegesblatt wurde nicht geschrieben: %1</translation>
    </message>
    <message>
        <source>This build has no printed sheets.</source>
        <translation>Diese Ausgabe enthält keine gedruckten Blätter.</translation>
    </message>
    <message>
        <source>Export the naval victory sheet</source>
        <translation>Das Siegesblatt des Seegefechts exportieren</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>this broadside (one die per gun deck)</source>
        <translation>diese Breitseite (ein Würfel je Geschützdeck)</translation>
    </message>
    <message>
        <source>no enemy to board: T selects one in contact</source>
        <translation>kein Feind zum Entern: T wählt einen in Berührung</translation>
    </message>
    <message>
        <source>boarding (%1 for the boarder&apos;s gun decks, then %2 for the defender&apos;s)</source>
        <translation>das Entern (%1 für die Geschützdecks des Enterers, dann %2 für die des Verteidigers)</translation>
    </message>
    <message>
        <source>%1 throws no dice; %2 typed (Esc clears them)</source>
        <translation>%1 wirft keine Würfel; %2 eingegeben (Esc löscht sie)</translation>
    </message>
    <message>
        <source>%1 throws %2 dice; %3 typed (Backspace takes one back, Esc clears them)</source>
        <translation>%1 wirft %2 Würfel; %3 eingegeben (Rücktaste nimmt einen zurück, Esc löscht sie)</translation>
    </message>
    <message>
        <source>no ship of the side to move</source>
        <translation>kein Schiff der Seite am Zug</translation>
    </message>
    <message>
        <source>move cancelled</source>
        <translation>Zug abgebrochen</translation>
    </message>
    <message>
        <source>planning a move: arrows plan it, Enter sails, Esc cancels</source>
        <translation>Zug in Planung: Pfeiltasten planen, Enter segelt, Esc bricht ab</translation>
    </message>
    <message>
        <source>this throw</source>
        <translation>dieser Wurf</translation>
    </message>
    <message>
        <source>the anchor</source>
        <translation>der Anker</translation>
    </message>
    <message>
        <source>ending the move</source>
        <translation>das Zugende</translation>
    </message>
    <message>
        <source>the wind (direction, then speed)</source>
        <translation>der Wind (Richtung, dann Stärke)</translation>
    </message>
    <message>
        <source>
Boarding (%1 dice against %2): capture %3, repulsed %4, tie %5</source>
        <translation>
Entern (%1 Würfel gegen %2): Prise %3, abgewiesen %4, unentschieden %5</translation>
    </message>
    <message>
        <source>Move %1: heading %2°, %3 cm</source>
        <translation>Zug %1: Kurs %2°, %3 cm</translation>
    </message>
    <message>
        <source> (dismasted: she drifts downwind)</source>
        <translation> (entmastet: treibt mit dem Wind)</translation>
    </message>
    <message>
        <source>, %1</source>
        <translation>, %1</translation>
    </message>
    <message>
        <source>. Allowance %1 cm, turning %2 point(s) = %3 cm, left %4 cm.</source>
        <translation>. Bewegung %1 cm, Wenden %2 Strich = %3 cm, übrig %4 cm.</translation>
    </message>
    <message>
        <source>
Left/Right heading, Up/Down distance, Enter sails, Esc cancels.</source>
        <translation>
Links/Rechts Kurs, Auf/Ab Strecke, Enter segelt, Esc bricht ab.</translation>
    </message>
    <message>
        <source>
Not allowed: %1</source>
        <translation>
Nicht erlaubt: %1</translation>
    </message>
    <message>
        <source>Dice: thrown by the game (type 1-6 to give your own)</source>
        <translation>Würfel: vom Spiel geworfen (1-6 tippen für eigene)</translation>
    </message>
    <message>
        <source>Dice typed for the next action: %1 (Backspace takes one back, Esc clears)</source>
        <translation>Eingegebene Würfel für die nächste Aktion: %1 (Rücktaste nimmt einen zurück, Esc löscht)</translation>
    </message>
    <message>
        <source>this move (no shoal on the course)</source>
        <translation>dieser Zug (keine Untiefe auf dem Kurs)</translation>
    </message>
    <message>
        <source>this move over %1</source>
        <translation>dieser Zug über %1</translation>
    </message>
    <message>
        <source>, over %1 (runs aground: %2)</source>
        <translation>, über %1 (läuft auf Grund: %2)</translation>
    </message>
    <message>
        <source>%1 -&gt; %2: %3 cm, ahead or astern: no broadside bears.</source>
        <translation>%1 -&gt; %2: %3 cm, voraus oder achteraus: keine Breitseite trägt.</translation>
    </message>
    <message>
        <source>Tab ship, T target, G plan a move (Left/Right heading, Up/Down distance, Enter sail, Esc cancel), A anchor, F fire at hull, S at sails, B board, X fight fire, R refloat, M repair mast, D disentangle, H high seas, E end move, W wind, 1-6 your own dice for the next action, Ctrl+Z undo, Ctrl+Shift+Z redo, Ctrl+S save, Ctrl+Shift+S save as, Ctrl+P victory sheet (PDF), Ctrl+Shift+C table companion, Ctrl+W close</source>
        <translation>Tab Schiff, T Ziel, G Zug planen (Links/Rechts Kurs, Auf/Ab Strecke, Enter segeln, Esc abbrechen), A Anker, F Feuer auf den Rumpf, S auf die Segel, B entern, X Feuer bekämpfen, R flottmachen, M Mast ausbessern, D losmachen, H schwere See, E Zug beenden, W Wind, 1-6 eigene Würfel für die nächste Aktion, Strg+Z rückgängig, Strg+Umschalt+Z wiederholen, Strg+S speichern, Strg+Umschalt+S speichern unter, Strg+P Siegesblatt (PDF), Strg+Umschalt+C Tischbegleiter, Strg+W schließen</translation>
    </message>
    <message>
        <source>Unsaved naval game</source>
        <translation>Ungespeichertes Seegefecht</translation>
    </message>
    <message>
        <source>Save the game before closing?

Discard deletes the unsaved actions and their journal.</source>
        <translation>Das Spiel vor dem Schließen speichern?

Verwerfen löscht die ungespeicherten Aktionen und ihr Journal.</translation>
    </message>
</context>
<context>
    <name>fortuna::app::NewBattleDialog</name>
    <message>
        <source>6 x 4 ft (1830 x 1220 mm)</source>
        <translation>6 x 4 Fuß (1830 x 1220 mm)</translation>
    </message>
    <message>
        <source>8 x 5 ft (2440 x 1520 mm)</source>
        <translation>8 x 5 Fuß (2440 x 1520 mm)</translation>
    </message>
    <message>
        <source>kitchen table (1200 x 800 mm)</source>
        <translation>Küchentisch (1200 x 800 mm)</translation>
    </message>
    <message>
        <source>New Battle</source>
        <translation>Neue Schlacht</translation>
    </message>
    <message>
        <source>%1: no editor yet</source>
        <translation>%1: noch kein Editor</translation>
    </message>
    <message>
        <source>&amp;Rule set:</source>
        <translation>&amp;Regelwerk:</translation>
    </message>
    <message>
        <source>another size</source>
        <translation>andere Größe</translation>
    </message>
    <message>
        <source>&amp;Table:</source>
        <translation>&amp;Tisch:</translation>
    </message>
    <message>
        <source>Width × depth:</source>
        <translation>Breite × Tiefe:</translation>
    </message>
    <message>
        <source>Ground scale:</source>
        <translation>Geländemaßstab:</translation>
    </message>
    <message>
        <source>The file&apos;s id: small letters, digits and hyphens</source>
        <translation>Die Kennung der Datei: Kleinbuchstaben, Ziffern und Bindestriche</translation>
    </message>
    <message>
        <source>Saturday&apos;s battle</source>
        <translation>Die Schlacht am Samstag</translation>
    </message>
    <message>
        <source>Battle &amp;id:</source>
        <translation>&amp;Kennung der Schlacht:</translation>
    </message>
    <message>
        <source>Battle &amp;name:</source>
        <translation>&amp;Name der Schlacht:</translation>
    </message>
    <message>
        <source>&amp;Start:</source>
        <translation>&amp;Beginn:</translation>
    </message>
    <message>
        <source>&amp;Dusk:</source>
        <translation>&amp;Dämmerung:</translation>
    </message>
    <message>
        <source>Sides</source>
        <translation>Seiten</translation>
    </message>
    <message>
        <source>id</source>
        <translation>Kennung</translation>
    </message>
    <message>
        <source>name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>nation (army list)</source>
        <translation>Nation (Armeeliste)</translation>
    </message>
    <message>
        <source>colour</source>
        <translation>Farbe</translation>
    </message>
    <message>
        <source>Side %1</source>
        <translation>Seite %1</translation>
    </message>
    <message>
        <source>Colour of side %1</source>
        <translation>Farbe der Seite %1</translation>
    </message>
    <message>
        <source>Create the Battle</source>
        <translation>Schlacht anlegen</translation>
    </message>
    <message>
        <source>1 mm = 2 m: the rule set states its distances on the table, in mm (moves, ranges); this table stands for %1 × %2 m of ground</source>
        <translation>1 mm = 2 m: Das Regelwerk gibt seine Entfernungen auf dem Tisch in mm an (Bewegungen, Reichweiten); dieser Tisch steht für %1 × %2 m Gelände</translation>
    </message>
    <message>
        <source>%1 (%2): its own editor, on the seed&apos;s table</source>
        <translation>%1 (%2): ein eigener Editor, auf dem Tisch der Vorlage</translation>
    </message>
    <message>
        <source>The seed&apos;s 6 ft x 2 ft 6 in table (12 sectors of 1 ft x 1 ft 3 in for its random terrain); Game Of Kings states its distances on the table, in cm: no ground scale. The turn limit is set in the editor.</source>
        <translation>Der Tisch der Vorlage von 6 x 2½ Fuß (12 Sektoren zu 1 Fuß x 1 Fuß 3 Zoll für sein Zufallsgelände); Game Of Kings gibt seine Entfernungen auf dem Tisch an, in cm: kein Geländemaßstab. Die Zuggrenze wird im Editor gesetzt.</translation>
    </message>
</context>
<context>
    <name>fortuna::app::OpponentDesk</name>
    <message>
        <source>%1 attacks %2</source>
        <translation>%1 greift %2 an</translation>
    </message>
    <message>
        <source>%1 charges</source>
        <translation>%1 attackiert</translation>
    </message>
    <message>
        <source>%1 fires on %2</source>
        <translation>%1 feuert auf %2</translation>
    </message>
    <message>
        <source>%1 moves</source>
        <translation>%1 marschiert</translation>
    </message>
    <message>
        <source>%1 routs</source>
        <translation>%1 flieht</translation>
    </message>
    <message>
        <source>%1 · %2 · why: %3</source>
        <translation>%1 · %2 · warum: %3</translation>
    </message>
    <message>
        <source>Computer paused (P resumes, Shift+P plays one action)</source>
        <translation>Computer angehalten (P setzt fort, Umschalt+P spielt eine Aktion)</translation>
    </message>
    <message>
        <source>Computer paused after the redo: you are in control (P resumes)</source>
        <translation>Computer nach dem Wiederherstellen angehalten: Sie haben die Führung (P setzt fort)</translation>
    </message>
    <message>
        <source>Computer paused after the undo: you are in control (P resumes)</source>
        <translation>Computer nach dem Rückgängigmachen angehalten: Sie haben die Führung (P setzt fort)</translation>
    </message>
    <message>
        <source>Computer resumed</source>
        <translation>Computer spielt weiter</translation>
    </message>
    <message>
        <source>The battle is decided (%1): %2</source>
        <translation>Die Schlacht ist entschieden (%1): %2</translation>
    </message>
    <message>
        <source>The computer cannot play: %1</source>
        <translation>Der Computer kann nicht spielen: %1</translation>
    </message>
    <message>
        <source>The computer cannot end the phase: %1</source>
        <translation>Der Computer kann die Phase nicht beenden: %1</translation>
    </message>
    <message>
        <source>The computer could not settle on an action: paused</source>
        <translation>Der Computer fand keine Aktion: angehalten</translation>
    </message>
    <message>
        <source>Waiting for you: %1</source>
        <translation>Wartet auf Sie: %1</translation>
    </message>
</context>
<context>
    <name>fortuna::app::OrderOfBattlePanel</name>
    <message>
        <source>Filter: code, name, state, formation…</source>
        <translation>Filter: Kürzel, Name, Zustand, Formation …</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Einheit</translation>
    </message>
    <message>
        <source>Bases</source>
        <translation>Basen</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Formation</source>
        <translation>Formation</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>awaiting</source>
        <translation>erwartet</translation>
    </message>
    <message>
        <source>off the table</source>
        <translation>nicht auf dem Tisch</translation>
    </message>
</context>
<context>
    <name>fortuna::app::OutcomePlot</name>
    <message>
        <source>Run the battles to see how they end</source>
        <translation>Spielen Sie die Schlachten, um zu sehen, wie sie ausgehen</translation>
    </message>
</context>
<context>
    <name>fortuna::app::PlanOrderOfBattlePanel</name>
    <message>
        <source>Piece</source>
        <translation>Stück</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Bases</source>
        <translation>Basen</translation>
    </message>
    <message>
        <source>Add &amp;Command…</source>
        <translation>&amp;Kommando hinzufügen …</translation>
    </message>
    <message>
        <source>Remove Command</source>
        <translation>Kommando entfernen</translation>
    </message>
    <message>
        <source>Add &amp;Unit…</source>
        <translation>&amp;Einheit hinzufügen …</translation>
    </message>
    <message>
        <source>Place &amp;General</source>
        <translation>&amp;General platzieren</translation>
    </message>
    <message>
        <source>no general</source>
        <translation>kein General</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n unit(s)</source>
        <translation>
            <numerusform>%1: %n Einheit</numerusform>
            <numerusform>%1: %n Einheiten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n base(s)</source>
        <translation>
            <numerusform>, %n Basis</numerusform>
            <numerusform>, %n Basen</numerusform>
        </translation>
    </message>
    <message>
        <source>Add command %1</source>
        <translation>Kommando %1 hinzufügen</translation>
    </message>
    <message>
        <source>Remove command %1</source>
        <translation>Kommando %1 entfernen</translation>
    </message>
    <message>
        <source>add a command to the side first</source>
        <translation>zuerst der Seite ein Kommando hinzufügen</translation>
    </message>
    <message>
        <source>a unit type of %1&apos;s army list</source>
        <translation>einen Einheitentyp der Armeeliste von %1</translation>
    </message>
    <message>
        <source>Add a Command</source>
        <translation>Ein Kommando hinzufügen</translation>
    </message>
    <message>
        <source>First brigade</source>
        <translation>Erste Brigade</translation>
    </message>
    <message>
        <source>a great captain</source>
        <translation>ein großer Feldherr</translation>
    </message>
    <message>
        <source>Side:</source>
        <translation>Seite:</translation>
    </message>
    <message>
        <source>Command name:</source>
        <translation>Name des Kommandos:</translation>
    </message>
    <message>
        <source>General&apos;s code:</source>
        <translation>Kürzel des Generals:</translation>
    </message>
    <message>
        <source>General&apos;s name:</source>
        <translation>Name des Generals:</translation>
    </message>
    <message>
        <source>Command added: Place General (then click the board) puts its general on the table</source>
        <translation>Kommando hinzugefügt: General platzieren (dann auf den Tisch klicken) stellt seinen General auf</translation>
    </message>
    <message>
        <source>%1 has no command yet: Add Command… first</source>
        <translation>%1 hat noch kein Kommando: zuerst Kommando hinzufügen …</translation>
    </message>
    <message>
        <source>%1&apos;s nation %2 has no army list in %3</source>
        <translation>Die Nation %2 von %1 hat in %3 keine Armeeliste</translation>
    </message>
    <message>
        <source>Add a Unit to %1</source>
        <translation>Eine Einheit zu %1 hinzufügen</translation>
    </message>
    <message>
        <source>where I click on the board next (Place Unit tool)</source>
        <translation>wo ich als Nächstes auf den Tisch klicke (Werkzeug Einheit platzieren)</translation>
    </message>
    <message>
        <source>at x, y (mm):</source>
        <translation>bei x, y (mm):</translation>
    </message>
    <message>
        <source>Army list:</source>
        <translation>Armeeliste:</translation>
    </message>
    <message>
        <source>Type:</source>
        <translation>Typ:</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>Bases:</source>
        <translation>Basen:</translation>
    </message>
    <message>
        <source>Code:</source>
        <translation>Kürzel:</translation>
    </message>
    <message>
        <source>suggested when placed (%1 …); change it in the Properties</source>
        <translation>beim Platzieren vorgeschlagen (%1 …); in den Eigenschaften zu ändern</translation>
    </message>
    <message>
        <source>Place it:</source>
        <translation>Platzieren:</translation>
    </message>
    <message>
        <source>Select a command first (or Add Command…)</source>
        <translation>Zuerst ein Kommando wählen (oder Kommando hinzufügen …)</translation>
    </message>
    <message>
        <source>Add &amp;Reinforcement</source>
        <translation>&amp;Verstärkung hinzufügen</translation>
    </message>
    <message>
        <source>A command that comes on later: its side, time and entry in the Properties, its units with Add Unit…</source>
        <translation>Ein Kommando, das später eintrifft: Seite, Zeit und Eintrittsort in den Eigenschaften, seine Einheiten mit Einheit hinzufügen …</translation>
    </message>
    <message>
        <source>Reinforcements</source>
        <translation>Verstärkungen</translation>
    </message>
    <message>
        <source>%1 (%2) at %3, %4</source>
        <translation>%1 (%2) um %3, %4</translation>
    </message>
    <message>
        <source>Add a reinforcement</source>
        <translation>Eine Verstärkung hinzufügen</translation>
    </message>
    <message>
        <source>Reinforcement %1</source>
        <translation>Verstärkung %1</translation>
    </message>
    <message>
        <source>Reinforcement added: its time and entry in the Properties; Add Unit… puts its units where they come on</source>
        <translation>Verstärkung hinzugefügt: Zeit und Eintrittsort in den Eigenschaften; Einheit hinzufügen … stellt ihre Einheiten dorthin, wo sie eintreffen</translation>
    </message>
    <message>
        <source>add a reinforcement first</source>
        <translation>zuerst eine Verstärkung hinzufügen</translation>
    </message>
    <message>
        <source>a reinforcement of one of the sides (%1 is none)</source>
        <translation>eine Verstärkung einer der Seiten (%1 ist keine)</translation>
    </message>
</context>
<context>
    <name>fortuna::app::PlanProblemsPanel</name>
    <message>
        <source>No problems: the battle plays.</source>
        <translation>Keine Probleme: die Schlacht ist spielbar.</translation>
    </message>
</context>
<context>
    <name>fortuna::app::PlanPropertiesPanel</name>
    <message>
        <source>no field %1 for this piece</source>
        <translation>kein Feld %1 für dieses Stück</translation>
    </message>
    <message>
        <source>%1: expected %2; kept %3</source>
        <translation>%1: erwartet %2; %3 bleibt</translation>
    </message>
    <message>
        <source>Change %1</source>
        <translation>%1 ändern</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>&lt;b&gt;The battle&lt;/b&gt; (%1)</source>
        <translation>&lt;b&gt;Die Schlacht&lt;/b&gt; (%1)</translation>
    </message>
    <message>
        <source>id</source>
        <translation>Kennung</translation>
    </message>
    <message>
        <source>name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>rule set</source>
        <translation>Regelwerk</translation>
    </message>
    <message>
        <source>a size from 200 to 5000 mm</source>
        <translation>eine Größe von 200 bis 5000 mm</translation>
    </message>
    <message>
        <source>table width (mm)</source>
        <translation>Tischbreite (mm)</translation>
    </message>
    <message>
        <source>table depth (mm)</source>
        <translation>Tischtiefe (mm)</translation>
    </message>
    <message>
        <source>ground scale</source>
        <translation>Geländemaßstab</translation>
    </message>
    <message>
        <source>a time of day HH:MM</source>
        <translation>eine Uhrzeit HH:MM</translation>
    </message>
    <message>
        <source>start</source>
        <translation>Beginn</translation>
    </message>
    <message>
        <source>dusk</source>
        <translation>Dämmerung</translation>
    </message>
    <message>
        <source>first player</source>
        <translation>beginnende Seite</translation>
    </message>
    <message>
        <source>side %1 </source>
        <translation>Seite %1 </translation>
    </message>
    <message>
        <source>a colour such as #2b4c9b or red</source>
        <translation>eine Farbe wie #2b4c9b oder red</translation>
    </message>
    <message>
        <source>colour</source>
        <translation>Farbe</translation>
    </message>
    <message>
        <source>nation</source>
        <translation>Nation</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;In the rules&lt;/b&gt; (%1): %2</source>
        <translation>&lt;b&gt;In den Regeln&lt;/b&gt; (%1): %2</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>layers</source>
        <translation>Höhenschichten</translation>
    </message>
    <message>
        <source>contour layers from 1 to 8</source>
        <translation>Höhenschichten von 1 bis 8</translation>
    </message>
    <message>
        <source>shelters</source>
        <translation>Unterkünfte</translation>
    </message>
    <message>
        <source>the number of units its houses shelter, 0 to 50</source>
        <translation>die Zahl der Einheiten, die seine Häuser aufnehmen, 0 bis 50</translation>
    </message>
    <message>
        <source>width (mm)</source>
        <translation>Breite (mm)</translation>
    </message>
    <message>
        <source>a width in mm from 1 to 200, or nothing for the usual</source>
        <translation>eine Breite in mm von 1 bis 200, oder nichts für die übliche</translation>
    </message>
    <message>
        <source>points</source>
        <translation>Punkte</translation>
    </message>
    <message>
        <source>at least %1 points &quot;x, y&quot; in mm, separated by &quot;;&quot;</source>
        <translation>mindestens %1 Punkte „x, y“ in mm, getrennt durch „;“</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; %2 (%3, %4)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; %2 (%3, %4)</translation>
    </message>
    <message>
        <source>code</source>
        <translation>Kürzel</translation>
    </message>
    <message>
        <source>a code the umpire types, such as BO-I3</source>
        <translation>ein Kürzel, das der Schiedsrichter tippt, etwa BO-I3</translation>
    </message>
    <message>
        <source>type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>bases</source>
        <translation>Basen</translation>
    </message>
    <message>
        <source>a number of bases from 1 to 60</source>
        <translation>eine Zahl von Basen von 1 bis 60</translation>
    </message>
    <message>
        <source>a number of mm from the table&apos;s top-left corner</source>
        <translation>eine Zahl von mm ab der linken oberen Tischecke</translation>
    </message>
    <message>
        <source>facing (°)</source>
        <translation>Ausrichtung (°)</translation>
    </message>
    <message>
        <source>degrees: 0 faces the top edge, 90 the right edge</source>
        <translation>Grad: 0 blickt zum oberen Rand, 90 zum rechten</translation>
    </message>
    <message>
        <source>formation</source>
        <translation>Formation</translation>
    </message>
    <message>
        <source>&lt;b&gt;Command&lt;/b&gt; %1 (%2)</source>
        <translation>&lt;b&gt;Kommando&lt;/b&gt; %1 (%2)</translation>
    </message>
    <message>
        <source>command name</source>
        <translation>Name des Kommandos</translation>
    </message>
    <message>
        <source>general code</source>
        <translation>Kürzel des Generals</translation>
    </message>
    <message>
        <source>general name</source>
        <translation>Name des Generals</translation>
    </message>
    <message>
        <source>great captain</source>
        <translation>großer Feldherr</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>reinforcement %1, arrives %2</source>
        <translation>Verstärkung %1, trifft %2 ein</translation>
    </message>
    <message>
        <source>&lt;b&gt;Reinforcement&lt;/b&gt; %1: %2</source>
        <translation>&lt;b&gt;Verstärkung&lt;/b&gt; %1: %2</translation>
    </message>
    <message>
        <source>Its units are drawn pale where they come on; Add Unit… adds to it.</source>
        <translation>Ihre Einheiten sind blass gezeichnet, wo sie eintreffen; Einheit hinzufügen … ergänzt sie.</translation>
    </message>
    <message>
        <source>side</source>
        <translation>Seite</translation>
    </message>
    <message>
        <source>arrives</source>
        <translation>trifft ein</translation>
    </message>
    <message>
        <source>entry</source>
        <translation>Eintrittsort</translation>
    </message>
    <message>
        <source>sauve-qui-peut by time</source>
        <translation>Sauve-qui-peut nach Uhrzeit</translation>
    </message>
    <message>
        <source>periods as HH:MM [side]: percent, percent; e.g. 13:00: 10, 15; 14:30 bohemian: 15 (empty: the rule set&apos;s thresholds all day)</source>
        <translation>Zeitabschnitte als HH:MM [Seite]: Prozent, Prozent; z. B. 13:00: 10, 15; 14:30 bohemian: 15 (leer: die Schwellen des Regelwerks den ganzen Tag)</translation>
    </message>
    <message>
        <source>orders</source>
        <translation>Befehle</translation>
    </message>
    <message>
        <source>none (the first player attacks)</source>
        <translation>keine (der erste Spieler greift an)</translation>
    </message>
    <message>
        <source>attack: march on the objective</source>
        <translation>Angriff: auf das Ziel marschieren</translation>
    </message>
    <message>
        <source>defend: hold the ground</source>
        <translation>Verteidigung: das Gelände halten</translation>
    </message>
    <message>
        <source>objective</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>objective point (mm)</source>
        <translation>Zielpunkt (mm)</translation>
    </message>
    <message>
        <source>a point as x, y in mm from the table&apos;s top-left corner (empty: none)</source>
        <translation>ein Punkt als x, y in mm von der linken oberen Tischecke (leer: keiner)</translation>
    </message>
    <message>
        <source>orders in words</source>
        <translation>Befehle in Worten</translation>
    </message>
</context>
<context>
    <name>fortuna::app::PlanScene</name>
    <message>
        <source>table %1 × %2 mm · %3 · grid 100 mm</source>
        <translation>Tisch %1 × %2 mm · %3 · Raster 100 mm</translation>
    </message>
    <message>
        <source>%1 arrives at %2 (%3)</source>
        <translation>%1 trifft um %2 ein (%3)</translation>
    </message>
    <message>
        <source>%1: attack</source>
        <translation>%1: Angriff</translation>
    </message>
    <message>
        <source>%1: hold</source>
        <translation>%1: halten</translation>
    </message>
</context>
<context>
    <name>fortuna::app::PlanView</name>
    <message>
        <source>Select: click a piece, drag it to move; drag a yellow handle to reshape; Delete removes; R / Shift+R turns a unit</source>
        <translation>Auswählen: ein Stück anklicken, zum Verschieben ziehen; einen gelben Griff ziehen, um die Form zu ändern; Entf entfernt; R / Umschalt+R dreht eine Einheit</translation>
    </message>
    <message>
        <source>Place: click where %1 stands (Alt: off the 10 mm grid)</source>
        <translation>Platzieren: klicken, wo %1 steht (Alt: außerhalb des 10-mm-Rasters)</translation>
    </message>
    <message>
        <source>the general</source>
        <translation>der General</translation>
    </message>
    <message>
        <source>Place: choose Add Unit… or Place General in the Order of Battle first</source>
        <translation>Platzieren: zuerst in der Schlachtordnung Einheit hinzufügen … oder General platzieren wählen</translation>
    </message>
    <message>
        <source>Draw %1: click its points, Enter or double-click closes, Esc drops it. In the rules: %2</source>
        <translation>%1 zeichnen: die Punkte anklicken, Eingabe oder Doppelklick schließt, Esc verwirft. In den Regeln: %2</translation>
    </message>
    <message>
        <source>The command to place into is gone (undone?): choose Add Unit… again</source>
        <translation>Das Kommando, in das platziert werden sollte, ist fort (rückgängig gemacht?): erneut Einheit hinzufügen … wählen</translation>
    </message>
    <message>
        <source>Place general</source>
        <translation>General platzieren</translation>
    </message>
    <message>
        <source>Place %1</source>
        <translation>%1 platzieren</translation>
    </message>
    <message>
        <source>Placed %1. Click again for %2 of the same type, or S to select</source>
        <translation>%1 platziert. Erneut klicken für %2 desselben Typs, oder S zum Auswählen</translation>
    </message>
    <message>
        <source>An area needs at least three points (%1 so far)</source>
        <translation>Eine Fläche braucht mindestens drei Punkte (bisher %1)</translation>
    </message>
    <message>
        <source>A line needs at least two points (%1 so far)</source>
        <translation>Eine Linie braucht mindestens zwei Punkte (bisher %1)</translation>
    </message>
    <message>
        <source>Draw %1</source>
        <translation>%1 zeichnen</translation>
    </message>
    <message>
        <source>Drew %1: name it in the Properties; draw the next, or S to select</source>
        <translation>%1 gezeichnet: in den Eigenschaften benennen; das Nächste zeichnen, oder S zum Auswählen</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>%1 entfernen</translation>
    </message>
    <message>
        <source>Take the general off the table</source>
        <translation>Den General vom Tisch nehmen</translation>
    </message>
    <message>
        <source>Turn a unit</source>
        <translation>Eine Einheit drehen</translation>
    </message>
    <message>
        <source>Moving by %1, %2 mm</source>
        <translation>Verschiebung um %1, %2 mm</translation>
    </message>
    <message>
        <source>Reshape %1</source>
        <translation>Form von %1 ändern</translation>
    </message>
    <message>
        <source>Move</source>
        <translation>Verschieben</translation>
    </message>
    <message>
        <source>Drawing dropped</source>
        <translation>Zeichnung verworfen</translation>
    </message>
    <message>
        <source>Remove reinforcement %1</source>
        <translation>Verstärkung %1 entfernen</translation>
    </message>
</context>
<context>
    <name>fortuna::app::RallyPanel</name>
    <message>
        <source>Unit</source>
        <translation>Einheit</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Needs</source>
        <translation>Benötigt</translation>
    </message>
    <message>
        <source>Chance</source>
        <translation>Chance</translation>
    </message>
    <message>
        <source>&amp;Rally</source>
        <translation>Sa&amp;mmeln</translation>
    </message>
    <message>
        <source>no general</source>
        <translation>kein General</translation>
    </message>
    <message>
        <source>%1: every unit in good order</source>
        <translation>%1: alle Einheiten in guter Ordnung</translation>
    </message>
    <message>
        <source>Rally</source>
        <translation>Sammeln</translation>
    </message>
    <message>
        <source>Units to rally</source>
        <translation>Zu sammelnde Einheiten</translation>
    </message>
    <message>
        <source>The phasing side&apos;s disrupted, withdrawing and routing units, with the roll each needs and its chance</source>
        <translation>Die erschütterten, zurückweichenden und fliehenden Einheiten der ziehenden Seite, mit dem Wurf, den jede braucht, und ihrer Chance</translation>
    </message>
    <message>
        <source>General helping the rally</source>
        <translation>General, der beim Sammeln hilft</translation>
    </message>
    <message>
        <source>A general with the unit adds his modifier</source>
        <translation>Ein General bei der Einheit bringt seinen Modifikator ein</translation>
    </message>
    <message>
        <source>Rally the unit</source>
        <translation>Die Einheit sammeln</translation>
    </message>
    <message>
        <source>Rally the chosen unit with the roll typed, or a roll of the app&apos;s</source>
        <translation>Die gewählte Einheit mit dem eingegebenen Wurf sammeln oder mit einem Wurf des Programms</translation>
    </message>
</context>
<context>
    <name>fortuna::app::ScenarioEditor</name>
    <message>
        <source>Properties</source>
        <translation>Eigenschaften</translation>
    </message>
    <message>
        <source>Order of Battle</source>
        <translation>Schlachtordnung</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Probleme</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;New Battle…</source>
        <translation>&amp;Neue Schlacht …</translation>
    </message>
    <message>
        <source>&amp;Edit Scenario…</source>
        <translation>Szenario &amp;bearbeiten …</translation>
    </message>
    <message>
        <source>Scenarios (*.json);;All files (*)</source>
        <translation>Szenarien (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter …</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>S&amp;pielen</translation>
    </message>
    <message>
        <source>Print &amp;Table Plan…</source>
        <translation>&amp;Tischplan drucken …</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>Schl&amp;ießen</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <source>&amp;Delete the Selected Piece</source>
        <translation>Das gewählte Stück &amp;löschen</translation>
    </message>
    <message>
        <source>Turn the Unit 15° &amp;Left</source>
        <translation>Die Einheit 15° nach l&amp;inks drehen</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>&amp;Vergrößern</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <source>&amp;Fit the Table</source>
        <translation>Den &amp;Tisch einpassen</translation>
    </message>
    <message>
        <source>&amp;Snap to 10 mm</source>
        <translation>Am 10-mm-Raster &amp;einrasten</translation>
    </message>
    <message>
        <source>Points and pieces fall on a 10 mm grid; hold Alt to place one freely</source>
        <translation>Punkte und Stücke rasten auf 10 mm ein; Alt gedrückt halten, um frei zu platzieren</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Werkzeuge</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Werkzeuge</translation>
    </message>
    <message>
        <source>&amp;Select / Move</source>
        <translation>&amp;Auswählen / Verschieben</translation>
    </message>
    <message>
        <source>Draw &amp;Area</source>
        <translation>&amp;Fläche zeichnen</translation>
    </message>
    <message>
        <source>Draw &amp;Line</source>
        <translation>&amp;Linie zeichnen</translation>
    </message>
    <message>
        <source>&amp;Place Unit</source>
        <translation>Einheit &amp;platzieren</translation>
    </message>
    <message>
        <source>not saved yet</source>
        <translation>noch nicht gespeichert</translation>
    </message>
    <message>
        <source>%1 (%2)%3 — Fortuna Belli scenario editor</source>
        <translation>%1 (%2)%3 — Fortuna Belli Szenario-Editor</translation>
    </message>
    <message>
        <source>Plays</source>
        <translation>Spielbar</translation>
    </message>
    <message numerus="yes">
        <source>Draft: %n problem(s)</source>
        <translation>
            <numerusform>Entwurf: %n Problem</numerusform>
            <numerusform>Entwurf: %n Probleme</numerusform>
        </translation>
    </message>
    <message>
        <source>Checked in %1 ms</source>
        <translation>In %1 ms geprüft</translation>
    </message>
    <message>
        <source>Cannot start the battle</source>
        <translation>Die Schlacht lässt sich nicht anlegen</translation>
    </message>
    <message>
        <source>A new battle: draw the ground (A, L), add commands and units in the Order of Battle, save (Ctrl+S)</source>
        <translation>Eine neue Schlacht: das Gelände zeichnen (A, L), Kommandos und Einheiten in der Schlachtordnung hinzufügen, speichern (Strg+S)</translation>
    </message>
    <message>
        <source>A shipped battle: Save asks where to keep your copy</source>
        <translation>Eine mitgelieferte Schlacht: Speichern fragt, wo Ihre Kopie hin soll</translation>
    </message>
    <message>
        <source>Cannot edit</source>
        <translation>Bearbeiten nicht möglich</translation>
    </message>
    <message>
        <source>%1

%2</source>
        <translation>%1

%2</translation>
    </message>
    <message>
        <source>Save the battle</source>
        <translation>Die Schlacht speichern</translation>
    </message>
    <message>
        <source>Scenarios (*.json)</source>
        <translation>Szenarien (*.json)</translation>
    </message>
    <message>
        <source>Saved %1: it plays</source>
        <translation>%1 gespeichert: spielbar</translation>
    </message>
    <message numerus="yes">
        <source>Saved %1 as a draft with %n problem(s)</source>
        <translation>
            <numerusform>%1 als Entwurf mit %n Problem gespeichert</numerusform>
            <numerusform>%1 als Entwurf mit %n Problemen gespeichert</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot save</source>
        <translation>Speichern nicht möglich</translation>
    </message>
    <message>
        <source>Not ready to play</source>
        <translation>Noch nicht spielbar</translation>
    </message>
    <message>
        <source>The battle is saved as a draft, but it does not play yet:

%1</source>
        <translation>Die Schlacht ist als Entwurf gespeichert, aber noch nicht spielbar:

%1</translation>
    </message>
    <message numerus="yes">
        <source>Not ready to play: %n problem(s), see the Problems</source>
        <translation>
            <numerusform>Noch nicht spielbar: %n Problem, siehe Probleme</numerusform>
            <numerusform>Noch nicht spielbar: %n Probleme, siehe Probleme</numerusform>
        </translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>Save the changes to %1 before closing?</source>
        <translation>Die Änderungen an %1 vor dem Schließen speichern?</translation>
    </message>
    <message>
        <source>Fortuna Belli scenario editor</source>
        <translation>Fortuna Belli Szenario-Editor</translation>
    </message>
    <message>
        <source>Turn the Unit 15° Ri&amp;ght</source>
        <translation>Die Einheit 15° nach r&amp;echts drehen</translation>
    </message>
    <message>
        <source>E&amp;xport Table Plan as PDF…</source>
        <translation>Tischplan als PDF e&amp;xportieren …</translation>
    </message>
    <message>
        <source>Edit a scenario</source>
        <translation>Ein Szenario bearbeiten</translation>
    </message>
</context>
<context>
    <name>fortuna::app::SessionBoard</name>
    <message>
        <source>Board</source>
        <translation>Spielfeld</translation>
    </message>
    <message>
        <source>This rule system draws no board yet: the position is in words on the right.</source>
        <translation>Dieses Regelsystem zeichnet noch kein Spielfeld: die Lage steht rechts in Worten.</translation>
    </message>
</context>
<context>
    <name>fortuna::app::SessionDesk</name>
    <message>
        <source>Position</source>
        <translation>Lage</translation>
    </message>
    <message>
        <source>Journal</source>
        <translation>Journal</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>An action in the journal&apos;s words, then Enter; N: the opponent&apos;s next action</source>
        <translation>Eine Aktion in den Worten des Journals, dann Enter; N: die nächste Aktion des Gegners</translation>
    </message>
    <message>
        <source>Save the game</source>
        <translation>Spiel speichern</translation>
    </message>
    <message>
        <source>Saved games (*.json);;All files (*)</source>
        <translation>Gespeicherte Spiele (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>No recovery journal could be written (%1): save often.</source>
        <translation>Kein Wiederherstellungsjournal konnte geschrieben werden (%1): oft speichern.</translation>
    </message>
    <message>
        <source>Decided: %1</source>
        <translation>Entschieden: %1</translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation>Abgelehnt: %1</translation>
    </message>
    <message>
        <source>Not applied: %1</source>
        <translation>Nicht angewandt: %1</translation>
    </message>
    <message>
        <source>The battle is decided: %1</source>
        <translation>Die Schlacht ist entschieden: %1</translation>
    </message>
    <message>
        <source>The programmed opponent has nothing to propose at %1</source>
        <translation>Der programmierte Gegner hat um %1 nichts vorzuschlagen</translation>
    </message>
    <message>
        <source>Not an action in the journal&apos;s words: %1</source>
        <translation>Keine Aktion in den Worten des Journals: %1</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>Gespeichert: %1</translation>
    </message>
    <message>
        <source>Not saved: %1 (the game is still here and in its journal)</source>
        <translation>Nicht gespeichert: %1 (das Spiel ist noch hier und in seinem Journal)</translation>
    </message>
    <message>
        <source>Roll</source>
        <translation>Wurf</translation>
    </message>
    <message>
        <source>The roll typed, or empty: the desk throws</source>
        <translation>Der eingegebene Wurf, oder leer: der Tisch würfelt</translation>
    </message>
    <message>
        <source>Odds before the roll</source>
        <translation>Chancen vor dem Wurf</translation>
    </message>
    <message>
        <source>Type an action to see the odds of its roll before it is thrown.</source>
        <translation>Eine Aktion eingeben, um die Chancen ihres Wurfs vor dem Würfeln zu sehen.</translation>
    </message>
    <message>
        <source>(the action is not complete JSON yet)</source>
        <translation>(die Aktion ist noch kein vollständiges JSON)</translation>
    </message>
    <message>
        <source>Refused before the roll: %1</source>
        <translation>Vor dem Wurf abgelehnt: %1</translation>
    </message>
    <message>
        <source>No roll: nothing is left to chance.</source>
        <translation>Kein Wurf: nichts bleibt dem Zufall überlassen.</translation>
    </message>
    <message>
        <source>The roll (%1) typed, or empty: the desk throws</source>
        <translation>Der Wurf (%1) eingegeben, oder leer: der Tisch würfelt</translation>
    </message>
    <message>
        <source>Outcomes</source>
        <translation>Ergebnisse</translation>
    </message>
    <message>
        <source>Refused: this action has no one roll to type; leave the roll box empty and the desk throws</source>
        <translation>Abgelehnt: diese Aktion hat keinen einzelnen Wurf zum Eingeben; das Wurffeld leer lassen, dann würfelt der Tisch</translation>
    </message>
    <message>
        <source>Refused: the roll: %1</source>
        <translation>Abgelehnt: der Wurf: %1</translation>
    </message>
    <message>
        <source>Proposed: %1 (Enter applies it, Tab types its roll)</source>
        <translation>Vorgeschlagen: %1 (Enter wendet es an, Tab gibt seinen Wurf ein)</translation>
    </message>
    <message>
        <source>%1 prints no sheets yet.</source>
        <translation>%1 druckt noch keine Blätter.</translation>
    </message>
    <message>
        <source>Print a sheet</source>
        <translation>Ein Blatt drucken</translation>
    </message>
    <message>
        <source>Sheet:</source>
        <translation>Blatt:</translation>
    </message>
    <message>
        <source>Write a sheet as a PDF file</source>
        <translation>Ein Blatt als PDF-Datei schreiben</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>PDF-Dateien (*.pdf)</translation>
    </message>
    <message>
        <source>Wrote %1 to %2</source>
        <translation>%1 wurde nach %2 geschrieben</translation>
    </message>
    <message>
        <source>The sheet could not be printed: %1</source>
        <translation>Das Blatt konnte nicht gedruckt werden: %1</translation>
    </message>
    <message>
        <source>This build has no printed sheets.</source>
        <translation>Diese Ausgabe enthält keine gedruckten Blätter.</translation>
    </message>
    <message>
        <source>Duties</source>
        <translation>Pflichten</translation>
    </message>
    <message>
        <source>What the side acting may or must do now, in the rules&apos; order: J, Enter or a double-click puts it in the action line</source>
        <translation>Was die handelnde Seite jetzt tun darf oder muss, in der Reihenfolge der Regeln: J, Enter oder ein Doppelklick setzt es in die Aktionszeile</translation>
    </message>
    <message>
        <source>must: </source>
        <translation>muss: </translation>
    </message>
    <message>
        <source>The battle is decided.</source>
        <translation>Die Schlacht ist entschieden.</translation>
    </message>
    <message>
        <source>This rule system lists no duties: type an action, or N for the opponent&apos;s.</source>
        <translation>Dieses Regelsystem nennt keine Pflichten: eine Aktion eingeben, oder N für die des Gegners.</translation>
    </message>
    <message>
        <source>No duty to put in the line at %1</source>
        <translation>Keine Pflicht für die Zeile bei %1</translation>
    </message>
    <message>
        <source>%1: Enter applies it (Tab to the roll box to type the roll), Esc leaves it</source>
        <translation>%1: Enter wendet es an (Tab zum Wurffeld, um den Wurf einzugeben), Esc verlässt es</translation>
    </message>
    <message>
        <source>Clock</source>
        <translation>Uhr</translation>
    </message>
    <message>
        <source>Chip bag</source>
        <translation>Chipbeutel</translation>
    </message>
    <message>
        <source>Clausewitz</source>
        <translation>Clausewitz</translation>
    </message>
    <message>
        <source>Brigades, zones and victory</source>
        <translation>Brigaden, Zonen und Sieg</translation>
    </message>
    <message>
        <source>Brigades</source>
        <translation>Brigaden</translation>
    </message>
    <message>
        <source>Brigade</source>
        <translation>Brigade</translation>
    </message>
    <message>
        <source>Actions</source>
        <translation>Aktionen</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>Jetzt</translation>
    </message>
    <message>
        <source>Zone</source>
        <translation>Zone</translation>
    </message>
    <message>
        <source>Zones, reactions and ADCs</source>
        <translation>Zonen, Reaktionen und Adjutanten</translation>
    </message>
    <message>
        <source>Victory</source>
        <translation>Sieg</translation>
    </message>
    <message>
        <source>Zones and ADCs</source>
        <translation>Zonen und Adjutanten</translation>
    </message>
    <message>
        <source>the battle is over</source>
        <translation>die Schlacht ist vorbei</translation>
    </message>
    <message>
        <source>before the battle: %1</source>
        <translation>vor der Schlacht: %1</translation>
    </message>
    <message>
        <source>%1 may react to %2</source>
        <translation>%1 darf auf %2 reagieren</translation>
    </message>
    <message>
        <source>%1 activated, %2 actions left</source>
        <translation>%1 aktiviert, %2 Aktionen übrig</translation>
    </message>
    <message>
        <source>%1&apos;s chip drawn: activate a brigade</source>
        <translation>Chip von %1 gezogen: eine Brigade aktivieren</translation>
    </message>
    <message>
        <source>a chip to draw</source>
        <translation>ein Chip ist zu ziehen</translation>
    </message>
    <message>
        <source>Turn %1 of %2 · %3 · %4</source>
        <translation>Zug %1 von %2 · %3 · %4</translation>
    </message>
    <message>
        <source>In the bag: %1 %2, %3 %4 (%5 chips)</source>
        <translation>Im Beutel: %1 %2, %3 %4 (%5 Chips)</translation>
    </message>
    <message>
        <source>Next chip: %1 %2, %3 %4</source>
        <translation>Nächster Chip: %1 %2, %3 %4</translation>
    </message>
    <message>
        <source>Last chip drawn: %1&apos;s, no brigade activated by it yet</source>
        <translation>Zuletzt gezogener Chip: von %1, noch keine Brigade damit aktiviert</translation>
    </message>
    <message>
        <source>Last chip drawn: %1&apos;s, it activated %2</source>
        <translation>Zuletzt gezogener Chip: von %1, er aktivierte %2</translation>
    </message>
    <message>
        <source>No chip drawn yet this battle</source>
        <translation>In dieser Schlacht noch kein Chip gezogen</translation>
    </message>
    <message>
        <source>activated</source>
        <translation>aktiviert</translation>
    </message>
    <message>
        <source>withdrew: defensive fire only</source>
        <translation>zurückgewichen: nur Abwehrfeuer</translation>
    </message>
    <message>
        <source>%1 in reserve for reactions</source>
        <translation>%1 in Reserve für Reaktionen</translation>
    </message>
    <message>
        <source>spent</source>
        <translation>verbraucht</translation>
    </message>
    <message>
        <source>to activate</source>
        <translation>noch zu aktivieren</translation>
    </message>
    <message>
        <source>; may react now</source>
        <translation>; darf jetzt reagieren</translation>
    </message>
    <message>
        <source>in %1&apos;s zone: morale %2+</source>
        <translation>in der Zone von %1: Moral %2+</translation>
    </message>
    <message>
        <source> (not yet)</source>
        <translation> (noch nicht)</translation>
    </message>
    <message>
        <source>%1 stands in the zone of control of %2: before each action a morale test on 2d6, %3+: passes %4, withdraws %5, flees %6</source>
        <translation>%1 steht in der Kontrollzone von %2: vor jeder Aktion ein Moraltest mit 2W6, %3+: besteht %4, weicht zurück %5, flieht %6</translation>
    </message>
    <message>
        <source>%1 stands in no enemy&apos;s zone of control: no morale test before its actions</source>
        <translation>%1 steht in keiner feindlichen Kontrollzone: kein Moraltest vor seinen Aktionen</translation>
    </message>
    <message>
        <source>Reaction offered: %1 (%2 in reserve) may fire at %3 after a morale test %4+ (passes %5), or let it pass</source>
        <translation>Reaktion angeboten: %1 (%2 in Reserve) darf nach einem Moraltest %4+ (besteht %5) auf %3 feuern oder sie verstreichen lassen</translation>
    </message>
    <message>
        <source>%1 is in the zone of control of %2</source>
        <translation>%1 steht in der Kontrollzone von %2</translation>
    </message>
    <message>
        <source>ADC of %1 riding to %2 with objective %3: %4 cm to go, arrives at the end of the %5 turn</source>
        <translation>Adjutant von %1 reitet zu %2 mit Ziel %3: noch %4 cm, trifft am Ende des Zuges %5 ein</translation>
    </message>
    <message>
        <source>No brigade stands in an enemy&apos;s zone of control and no ADC is riding.</source>
        <translation>Keine Brigade steht in einer feindlichen Kontrollzone und kein Adjutant ist unterwegs.</translation>
    </message>
    <message>
        <source>Turn</source>
        <translation>Zug</translation>
    </message>
    <message>
        <source>%1 (%2 VP)</source>
        <translation>%1 (%2 SP)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>now</source>
        <translation>jetzt</translation>
    </message>
    <message>
        <source>ADC, arrives %1</source>
        <translation>Adjutant, trifft %1 ein</translation>
    </message>
</context>
<context>
    <name>fortuna::app::TurnBar</name>
    <message>
        <source>Turn</source>
        <translation>Zug</translation>
    </message>
    <message>
        <source>What the rules require of the phasing side now (Ctrl+D; J opens the next open item)</source>
        <translation>Was die Regeln jetzt von der ziehenden Seite verlangen (Strg+D; J öffnet den nächsten offenen Punkt)</translation>
    </message>
    <message>
        <source>dusk in %1 min · sight %2 mm</source>
        <translation>Dämmerung in %1 min · Sicht %2 mm</translation>
    </message>
    <message>
        <source>dusk %1 (in %2 min)</source>
        <translation>Dämmerung %1 (in %2 min)</translation>
    </message>
    <message>
        <source>Turn and clock</source>
        <translation>Zug und Uhrzeit</translation>
    </message>
    <message>
        <source>The turn, the clock and the phasing side (seed 000 section 4: a turn is each side&apos;s half-turn in phases a-e)</source>
        <translation>Der Zug, die Uhrzeit und die ziehende Seite (seed 000, Abschnitt 4: ein Zug besteht aus dem Halbzug jeder Seite mit den Phasen a-e)</translation>
    </message>
    <message>
        <source>Phases</source>
        <translation>Phasen</translation>
    </message>
    <message>
        <source>The phases of the half-turn: a) rally, b) artillery fire, c) movement, d) combat, e) morale. N goes to the next</source>
        <translation>Die Phasen des Halbzugs: a) Sammeln, b) Artilleriefeuer, c) Bewegung, d) Gefecht, e) Moral. N geht zur nächsten</translation>
    </message>
    <message>
        <source>Dusk</source>
        <translation>Dämmerung</translation>
    </message>
    <message>
        <source>Minutes to dusk; in the last hour sight is shortened (Table 8)</source>
        <translation>Minuten bis zur Dämmerung; in der letzten Stunde ist die Sicht verkürzt (Tabelle 8)</translation>
    </message>
    <message>
        <source>Duties of the phasing side</source>
        <translation>Pflichten der ziehenden Seite</translation>
    </message>
    <message>
        <source>Turn %1 · %2 · %3 · phase %4) %5</source>
        <translation>Zug %1 · %2 · %3 · Phase %4) %5</translation>
    </message>
    <message>
        <source>&lt;b&gt;Turn %1&lt;/b&gt; &amp;nbsp; &lt;b style=&apos;font-size:large&apos;&gt;%2&lt;/b&gt; &amp;nbsp; &lt;span style=&apos;background:%3&apos;&gt;&amp;nbsp;&amp;nbsp;&amp;nbsp;&lt;/span&gt; &lt;b&gt;%4&lt;/b&gt;</source>
        <translation>&lt;b&gt;Zug %1&lt;/b&gt; &amp;nbsp; &lt;b style=&apos;font-size:large&apos;&gt;%2&lt;/b&gt; &amp;nbsp; &lt;span style=&apos;background:%3&apos;&gt;&amp;nbsp;&amp;nbsp;&amp;nbsp;&lt;/span&gt; &lt;b&gt;%4&lt;/b&gt;</translation>
    </message>
</context>
<context>
    <name>fortuna::app::UnitInspector</name>
    <message>
        <source>&lt;p&gt;&lt;i&gt;Select a unit on the board, in the order of battle, or with Tab.&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;Wählen Sie eine Einheit auf dem Tisch, in der Schlachtordnung oder mit Tab.&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Side</source>
        <translation>Seite</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Bases</source>
        <translation>Basen</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Formation</source>
        <translation>Formation</translation>
    </message>
    <message>
        <source>Factor</source>
        <translation>Faktor</translation>
    </message>
    <message>
        <source>Rally</source>
        <translation>Sammeln</translation>
    </message>
    <message>
        <source>Movement</source>
        <translation>Bewegung</translation>
    </message>
    <message>
        <source>Charged</source>
        <translation>Attackiert</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>Position</translation>
    </message>
    <message>
        <source>Ground</source>
        <translation>Gelände</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Anmerkungen</translation>
    </message>
    <message>
        <source>in sight</source>
        <translation>in Sicht</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; of %2 (%3 × %4 mm)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; von %2 (%3 × %4 mm)</translation>
    </message>
    <message>
        <source>&lt;b style=&apos;color:#c06000&apos;&gt;disrupted&lt;/b&gt; (orange counter)</source>
        <translation>&lt;b style=&apos;color:#c06000&apos;&gt;in Unordnung&lt;/b&gt; (oranger Marker)</translation>
    </message>
    <message>
        <source>&lt;b style=&apos;color:#c01010&apos;&gt;routing&lt;/b&gt;</source>
        <translation>&lt;b style=&apos;color:#c01010&apos;&gt;in Flucht&lt;/b&gt;</translation>
    </message>
    <message>
        <source>%1 normal, %2 disrupted → strength &lt;b&gt;%3&lt;/b&gt;</source>
        <translation>%1 normal, %2 in Unordnung → Stärke &lt;b&gt;%3&lt;/b&gt;</translation>
    </message>
    <message>
        <source>needs %1</source>
        <translation>braucht %1</translation>
    </message>
    <message>
        <source>%1 mm normal · %2 difficult · %3 road · %4 charge</source>
        <translation>%1 mm normal · %2 schwierig · %3 Straße · %4 Attacke</translation>
    </message>
    <message>
        <source>turn %1; next charge turn %2</source>
        <translation>Zug %1; nächste Attacke in Zug %2</translation>
    </message>
    <message>
        <source>(%1, %2) mm, facing %3°</source>
        <translation>(%1, %2) mm, Front %3°</translation>
    </message>
</context>
<context>
    <name>fortuna::app::VictoryPanel</name>
    <message>
        <source>none left</source>
        <translation>keine übrig</translation>
    </message>
    <message>
        <source>%1% at %2 bases</source>
        <translation>%1 % bei %2 Basen</translation>
    </message>
    <message>
        <source>&lt;p&gt;If the battle ended now: &lt;b&gt;%1&lt;/b&gt; (margin %2 points)&lt;/p&gt;</source>
        <translation>&lt;p&gt;Wenn die Schlacht jetzt endete: &lt;b&gt;%1&lt;/b&gt; (Abstand %2 Punkte)&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;tr&gt;&lt;th align=left&gt;Side&lt;/th&gt;&lt;th&gt;Lost&lt;/th&gt;&lt;th&gt;%&lt;/th&gt;&lt;th align=left&gt;Next threshold&lt;/th&gt;&lt;/tr&gt;</source>
        <translation>&lt;tr&gt;&lt;th align=left&gt;Seite&lt;/th&gt;&lt;th&gt;Verloren&lt;/th&gt;&lt;th&gt;%&lt;/th&gt;&lt;th align=left&gt;Nächste Schwelle&lt;/th&gt;&lt;/tr&gt;</translation>
    </message>
</context>
<context>
    <name>fortuna::app::WelcomeOverlay</name>
    <message>
        <source>&lt;h3 style=&apos;margin:0&apos;&gt;The umpire&apos;s desk: where to begin&lt;/h3&gt;&lt;table cellspacing=&apos;3&apos;&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Tab&lt;/b&gt;&lt;/td&gt;&lt;td&gt;choose your unit (those facing an enemy come first)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;E&lt;/b&gt;&lt;/td&gt;&lt;td&gt;the enemy it can attack or fire on (E again: the next)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;C&lt;/b&gt;, &lt;b&gt;Enter&lt;/b&gt;&lt;/td&gt;&lt;td&gt;resolve the combat (type the roll before Enter, or let the app roll)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;U&lt;/b&gt;&lt;/td&gt;&lt;td&gt;undo, with the same roll kept for redo&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;J&lt;/b&gt;, &lt;b&gt;Enter&lt;/b&gt;&lt;/td&gt;&lt;td&gt;solo play: the next duty of the phase, then resolve it&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;N&lt;/b&gt;&lt;/td&gt;&lt;td&gt;the next phase&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Esc&lt;/b&gt;&lt;/td&gt;&lt;td&gt;back to the board from anywhere&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;F1&lt;/b&gt;&lt;/td&gt;&lt;td&gt;every key and command&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</source>
        <translation>&lt;h3 style=&apos;margin:0&apos;&gt;Das Schiedsrichterpult: so beginnen Sie&lt;/h3&gt;&lt;table cellspacing=&apos;3&apos;&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Tab&lt;/b&gt;&lt;/td&gt;&lt;td&gt;Ihre Einheit wählen (die vor einem Gegner zuerst)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;E&lt;/b&gt;&lt;/td&gt;&lt;td&gt;ihr Gegner für Angriff oder Beschuss (E erneut: der nächste)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;C&lt;/b&gt;, &lt;b&gt;Eingabe&lt;/b&gt;&lt;/td&gt;&lt;td&gt;Gefecht auflösen (Wurf tippen; leer: das Programm würfelt)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;U&lt;/b&gt;&lt;/td&gt;&lt;td&gt;rückgängig; derselbe Wurf bleibt fürs Wiederherstellen&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;J&lt;/b&gt;, &lt;b&gt;Eingabe&lt;/b&gt;&lt;/td&gt;&lt;td&gt;Solospiel: die nächste Pflicht der Phase, dann auflösen&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;N&lt;/b&gt;&lt;/td&gt;&lt;td&gt;die nächste Phase&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Esc&lt;/b&gt;&lt;/td&gt;&lt;td&gt;von überall zurück zum Tisch&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;F1&lt;/b&gt;&lt;/td&gt;&lt;td&gt;alle Tasten und Befehle&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</translation>
    </message>
    <message>
        <source>Welcome: the keys to begin with</source>
        <translation>Willkommen: die Tasten für den Anfang</translation>
    </message>
    <message>
        <source>Got it (Esc)</source>
        <translation>Verstanden (Esc)</translation>
    </message>
    <message>
        <source>Hide this panel for good; F1 lists the keys at any time</source>
        <translation>Diesen Hinweis für immer ausblenden; F1 zeigt die Tasten jederzeit</translation>
    </message>
    <message>
        <source>Dismiss the welcome panel</source>
        <translation>Den Willkommenshinweis schließen</translation>
    </message>
</context>
</TS>
