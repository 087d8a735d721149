<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
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
</context>
<context>
    <name>fortuna::app::ArtilleryPanel</name>
    <message>
        <source>&amp;Battery</source>
        <translation>&amp;Batterie</translation>
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
</context>
<context>
    <name>fortuna::app::CombatPanel</name>
    <message>
        <source>&amp;Attacker</source>
        <translation>&amp;Angreifer</translation>
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
        <translation>&amp;Hindernis</translation>
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
        <translation>Wü&amp;rfeln</translation>
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
</context>
<context>
    <name>fortuna::app::GameDocument</name>
    <message>
        <source>No battle</source>
        <translation>Keine Schlacht</translation>
    </message>
    <message>
        <source>The crash-safe journal could not be written: %1</source>
        <translation>Das absturzsichere Journal konnte nicht geschrieben werden: %1</translation>
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
</context>
<context>
    <name>fortuna::app::MainWindow</name>
    <message>
        <source>Battle La&amp;b…</source>
        <translation>Schlachtla&amp;bor…</translation>
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
        <source>Select Next Unit (Tab)</source>
        <translation>Nächste Einheit auswählen (Tab)</translation>
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
        <translation>&amp;Verstärkungen heranführen</translation>
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
        <source>c F-I1 I-I1 +flank 4   ·   a   ·   r   ·   n   ·   ? for help   (C, A, R, K, N from the board; : or Ctrl+L to type)</source>
        <translation>c F-I1 I-I1 +flank 4   ·   a   ·   r   ·   n   ·   ? für Hilfe   (C, A, R, K, N vom Tisch aus; : oder Strg+L zum Tippen)</translation>
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
        <source>Battles (*.json *.fortuna *.journal);;All files (*)</source>
        <translation>Schlachten (*.json *.fortuna *.journal);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>Not saved</source>
        <translation>Nicht gespeichert</translation>
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
        <translation>&lt;p&gt;Ein Spiel von &lt;b&gt;%1&lt;/b&gt; wurde nicht ordentlich geschlossen.&lt;/p&gt;&lt;p&gt;%2 Journalzeilen; die letzte: &lt;i&gt;%3&lt;/i&gt;%4&lt;/p&gt;&lt;p&gt;Genau so wiederherstellen, wie es stand (mit allen Würfen)?&lt;/p&gt;</translation>
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
        <source>Save the game before closing?</source>
        <translation>Das Spiel vor dem Schließen speichern?</translation>
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
        <translation>&amp;Sammeln</translation>
    </message>
    <message>
        <source>no general</source>
        <translation>kein General</translation>
    </message>
    <message>
        <source>%1: every unit in good order</source>
        <translation>%1: alle Einheiten in guter Ordnung</translation>
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
</context>
<context>
    <name>fortuna::app::OutcomePlot</name>
    <message>
        <source>Run the battles to see how they end</source>
        <translation>Spielen Sie die Schlachten, um zu sehen, wie sie ausgehen</translation>
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
        <translation>Wählen…</translation>
    </message>
    <message>
        <source>&amp;Battles:</source>
        <translation>&amp;Schlachten:</translation>
    </message>
    <message>
        <source>First &amp;seed:</source>
        <translation>Erster &amp;Startwert:</translation>
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
        <translation>&amp;Starten</translation>
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
    <message>
        <source>The battles are still being played; the window closes when they are done.</source>
        <translation>Die Schlachten laufen noch; das Fenster schließt, wenn sie beendet sind.</translation>
    </message>
    <message numerus="yes">
        <source>Playing %n battle(s)…</source>
        <translation>
            <numerusform>%n Schlacht wird gespielt…</numerusform>
            <numerusform>%n Schlachten werden gespielt…</numerusform>
        </translation>
    </message>
</context>
</TS>
