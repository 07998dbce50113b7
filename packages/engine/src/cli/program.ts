import { Command, Option } from '@commander-js/extra-typings';
import { EngineError } from '../util/engine-error';
import packageJson from '../../package.json' with { type: 'json' };
import { acpf, dcpf, info, lodf, n1, ptdf } from './commands';
import {
  allCapacitiesOnSet,
  capacityOnSet,
  n1OnSet,
  PICKUPS,
  readSetFiles,
  readText,
  setFilesWithoutContingencies,
} from './contingency-set-command';
import type { CommandOutput } from './format';
import type { MonitoredDefinition } from '../contingency/sets/psse-mon';
import { render } from './format';
import { groupOption } from './group-option';
import { loadCaseFile } from './load-case';
import {
  formatOption,
  parseCount,
  parseIntegerList,
  parseNumber,
  parsePositiveInteger,
  parsePositiveNumber,
  postRatingOption,
  preExistingOption,
  quietOption,
  slackOption,
} from './options';
import type { ProgressSink } from './progress';
import { Progress } from './progress';
import { readStudyFile, study } from './study-command';
import { toStudySpec } from './study-spec';
import { studySituations } from '../window/situations';
import type { Network } from '../model/network';
import { allCapacities, capacity, flex } from './transfer-commands';
import { readWindowFile, window, type WindowCommandOptions } from './window-command';
import { shortcircuit, withShortCircuit } from './shortcircuit-command';
import { hours } from './hours-command';
import { readProfiles } from '../hours/profiles';
import { readPlantProfileValues } from '../hours/plant-profile';
import type { PlantProfileSpec } from '../hours/plant-profile';
import {
  withAcVerification,
  withAllAcVerification,
  type CapacityAcOptions,
} from './ac-capacity-command';

/** Where a run writes: commander's help and errors, the command's result, progress. */
export interface ProgramIo {
  readonly writeOut: (text: string) => void;
  readonly writeErr: (text: string) => void;
  /** Set only when stderr is a terminal: progress lines would garble a pipe or a log. */
  readonly progress?: ProgressSink;
}

const FILE_ARGUMENT = 'case file: MATPOWER .m or PSS/E .raw, plain or xz-compressed';

const EXAMPLES: Record<string, string> = {
  info: 'holgura info case_ACTIVSg2000.m',
  dcpf: 'holgura dcpf case14.m',
  acpf: 'holgura acpf case30.m',
  ptdf: 'holgura ptdf case9.m --branches 2,5 --buses 2,3 --format table',
  lodf: 'holgura lodf case9.m --branches 2,5 --outages 1,3 --format csv',
  n1: 'holgura n1 case_ACTIVSg2000.m --top 20 --format csv',
  capacity:
    'holgura capacity case_ACTIVSg2000.m --bus 1079,2002 --pre-existing ignore --format table\n' +
    '  $ holgura capacity case_ACTIVSg10k.m --all --format csv > capacidades.csv',
  flex: 'holgura flex case_ACTIVSg2000.m --group area:3 --format table',
  window: 'holgura window case_ACTIVSg2000.m ventana.json --rule order --format table',
  study: 'holgura study demo/estudio-demo.json --format csv > capacidades.csv',
  shortcircuit: 'holgura shortcircuit case_ACTIVSg2000.m --xd 0.2 --format csv > scc.csv',
  hours:
    'holgura hours case_ACTIVSg2000.m scenarios_ACTIVSg2000.m --bus 7093 --plant-mw 200 --format table',
};

const ROOT_HELP_AFTER = `
Examples:
${Object.values(EXAMPLES)
  .map((example) => `  $ ${example}`)
  .join('\n')}

Output: JSON on stdout (the default); --format csv or table for commands whose result is a
table (ptdf, lodf, n1, capacity, flex, window, study, shortcircuit, hours). Errors go to stderr, and so does progress, but only
when stderr is a terminal (never with --quiet).
Exit codes: 0 done, 2 usage error or invalid input (a case or study file), 1 an internal error.`;

/**
 * The `holgura` command line on commander: one subcommand per analysis, each with its options,
 * defaults and an example in its help. Built anew for every run, so in-process runs (tests)
 * share no parse state.
 */
export function buildProgram(io: ProgramIo) {
  const program = new Command('holgura')
    .description(
      'Power-system analysis of transmission cases: power flow, PTDF/LODF, N-1 screening, ' +
        'flexibility (FCITC) and busbar connection capacity, per case or per study.',
    )
    .usage('<command> FILE [options]')
    .version(packageJson.version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'print help for the command')
    .helpCommand('help [command]', 'print help for a command')
    // Throw instead of process.exit, so runCli maps every outcome to an exit code itself.
    .exitOverride()
    .configureOutput({
      writeOut: io.writeOut,
      writeErr: io.writeErr,
      // Commander's messages start "error: "; the engine's are "holgura: error: CODE: …".
      outputError: (message, write) => write(`holgura: ${message}`),
    })
    .showHelpAfterError("Run 'holgura --help' for usage.")
    .addHelpText('after', ROOT_HELP_AFTER);

  /** A subcommand with the settings every command shares: hint on error, example in help. */
  const command = (name: keyof typeof EXAMPLES, summary: string) =>
    program
      .command(name)
      .summary(summary)
      .description(summary)
      .showHelpAfterError(`Run 'holgura ${name} --help' for usage.`)
      .addHelpText('after', `\nExample:\n  $ ${EXAMPLES[name]}`);

  const print = (output: CommandOutput, format: 'json' | 'csv' | 'table') =>
    io.writeOut(render(output, format));

  /** Runs a command's work with its progress line, cleared however the work ends. */
  const withProgress = async (
    quiet: boolean | undefined,
    work: (progress: Progress) => Promise<void>,
  ) => {
    const progress = new Progress(quiet ? undefined : io.progress);
    try {
      await work(progress);
    } finally {
      progress.done();
    }
  };

  command('info', 'case summary: format, counts of buses, branches, generators, loads; warnings')
    .argument('<file>', FILE_ARGUMENT)
    .addOption(formatOption(false))
    .action(async (file, options) => {
      print({ json: info(await loadCaseFile(file)) }, options.format);
    });

  command('dcpf', 'DC power flow: bus angles, branch flows, generator outputs')
    .argument('<file>', FILE_ARGUMENT)
    .addOption(slackOption('single'))
    .addOption(formatOption(false))
    .action(async (file, options) => {
      print({ json: dcpf((await loadCaseFile(file)).network, options.slack) }, options.format);
    });

  command('acpf', 'AC power flow (Newton): voltages, branch flows, generator outputs')
    .argument('<file>', FILE_ARGUMENT)
    .addOption(formatOption(false))
    .action(async (file, options) => {
      print({ json: acpf((await loadCaseFile(file)).network) }, options.format);
    });

  command('ptdf', 'PTDF rows and columns: MW on each branch per MW injected at each bus')
    .argument('<file>', FILE_ARGUMENT)
    .addOption(
      new Option('--branches <rows>', 'monitored branches, 1-based rows (e.g. 2,5)')
        .argParser(parseIntegerList)
        .makeOptionMandatory(),
    )
    .addOption(
      new Option('--buses <numbers>', 'injection buses, by bus number (e.g. 2,3)')
        .argParser(parseIntegerList)
        .makeOptionMandatory(),
    )
    .addOption(formatOption(true))
    .action(async (file, options) => {
      const { network } = await loadCaseFile(file);
      print(ptdf(network, options), options.format);
    });

  command('lodf', 'LODF: change of flow on each branch per MW of each outaged branch')
    .argument('<file>', FILE_ARGUMENT)
    .addOption(
      new Option('--branches <rows>', 'monitored branches, 1-based rows (e.g. 2,5)')
        .argParser(parseIntegerList)
        .makeOptionMandatory(),
    )
    .addOption(
      new Option('--outages <rows>', 'outaged branches, 1-based rows (e.g. 1,3)')
        .argParser(parseIntegerList)
        .makeOptionMandatory(),
    )
    .addOption(formatOption(true))
    .action(async (file, options) => {
      const { network } = await loadCaseFile(file);
      print(lodf(network, options), options.format);
    });

  command('n1', 'DC N-1 screening: the worst post-contingency (and base-case) loadings')
    .argument('<file>', FILE_ARGUMENT)
    .addOption(
      new Option('--top <n>', 'how many of the worst loadings to list')
        .argParser(parseCount)
        .default(20),
    )
    .addOption(postRatingOption())
    .addOption(
      new Option('--min-kv <kv>', 'only outages and monitored branches of at least this voltage')
        .argParser(parseNumber)
        .default(0),
    )
    .addOption(slackOption('distributed'))
    .addOption(
      new Option(
        '--contingencies <file>',
        'screen these contingencies instead of every branch: a MATPOWER change table (contab) ' +
          'or a PSS/E contingency file (.con), told apart by content',
      ),
    )
    .addOption(
      new Option(
        '--subsystems <file>',
        'the PSS/E subsystem file (.sub) whose subsystems the .con and .mon files name',
      ),
    )
    .addOption(
      new Option(
        '--monitored <file>',
        'a PSS/E monitored element file (.mon): only its branches are monitored and its ' +
          'interfaces screened (its voltage ranges are listed, not checked: a DC screen has none)',
      ),
    )
    .addOption(
      new Option(
        '--pickup <rule>',
        "who makes up a lost unit's output: the reference (slack) or the other units by their room up (headroom)",
      )
        .choices(PICKUPS)
        .default('headroom' as const),
    )
    .addOption(formatOption(true))
    .addOption(quietOption())
    .action((file, options) =>
      withProgress(options.quiet, async (progress) => {
        progress.stage(`reading ${file}…`);
        const { network, generatorIds } = await loadCaseFile(file);
        const usage = setFilesWithoutContingencies(options);
        if (usage !== null) throw usage;
        if (options.contingencies === undefined) {
          progress.stage(`N-1 screening of ${network.branches.count} branches…`);
          print(n1(network, options), options.format);
          return;
        }
        const { set, subsystems, monitored } = await readSetFiles(
          { ...options, contingencies: options.contingencies },
          network,
          generatorIds,
          progress,
        );
        progress.stage(`screening ${set.contingencies.length} contingencies…`);
        print(
          n1OnSet(network, set, options, {
            ...(subsystems === undefined ? {} : { subsystems }),
            ...(monitored === undefined ? {} : { monitored }),
          }),
          options.format,
        );
      }),
    );

  command('capacity', 'busbar connection capacity: the MW a new unit at each bus can inject')
    .argument('<file>', FILE_ARGUMENT)
    .addOption(
      new Option(
        '--bus <numbers>',
        'busbars by bus number, comma-separated or repeated (--bus 5 --bus 30)',
      ).argParser(parseIntegerList),
    )
    .addOption(
      new Option('--cap <mw>', 'study cap: the most a connection can get, MW')
        .argParser(parsePositiveNumber)
        .default(2000),
    )
    .addOption(postRatingOption())
    .addOption(
      preExistingOption(
        'violations the case already has: limit (they cap the connection) or ignore (reported only)',
      ),
    )
    .addOption(slackOption('distributed'))
    .addOption(formatOption(true))
    .addOption(quietOption())
    .addOption(
      new Option(
        '--all',
        'every bus of the case, both figures (strict and attributable)',
      ).conflicts('bus'),
    )
    .addOption(
      new Option(
        '--contingencies <file>',
        'the contingencies of this file (MATPOWER contab or PSS/E .con) instead of every ' +
          'branch one at a time',
      ),
    )
    .addOption(
      new Option(
        '--subsystems <file>',
        'the PSS/E subsystem file (.sub) the .con and .mon files name',
      ),
    )
    .addOption(
      new Option(
        '--monitored <file>',
        'a PSS/E monitored element file (.mon): only its branches and its rated interfaces are ' +
          'watched',
      ),
    )
    .addOption(
      new Option('--pickup <rule>', "who makes up a lost unit's output (see n1)")
        .choices(PICKUPS)
        .default('headroom' as const),
    )
    .addOption(
      new Option(
        '--ac',
        'verify each figure with AC power flows (reactive limits, voltages, MVA) in N-0 and at ' +
          'least 10 contingencies; capacityMw is then the AC figure, dcMw the DC one, ' +
          'limitingVariable what sets it (with --all: every bus, minutes on thousands)',
      ),
    )
    .addOption(
      new Option(
        '--short-circuit',
        'with --bus: also the weak-grid (SCR on the N-1 minimum Scc) and breaker-duty figures; ' +
          'capacityMw is then the least, limitingVariable names it (see shortcircuit)',
      ).conflicts('all'),
    )
    .addOption(
      new Option('--scr-min <n>', 'the least short-circuit ratio an inverter-based plant needs')
        .argParser(parsePositiveNumber)
        .default(3),
    )
    .addOption(
      new Option(
        '--xd <pu>',
        "subtransient reactance on each unit's MBASE for units without machine data (see shortcircuit)",
      ).argParser(parseNumber),
    )
    .addOption(
      new Option('--technology <kind>', "the new plant's fault contribution for breaker duty")
        .choices(['inverter', 'synchronous'] as const)
        .default('inverter' as const),
    )
    .addOption(
      new Option(
        '--breaker-ratings <file>',
        'interrupting ratings, a CSV "bus,ka" (bus numbers) or "kv,ka" (every bus of that kV)',
      ),
    )
    .action((file, options, cmd) => {
      const usage = setFilesWithoutContingencies(options);
      if (usage !== null) {
        return withProgress(options.quiet, () => {
          throw usage;
        });
      }
      const scOptions = options.shortCircuit === true;
      /** `--short-circuit`: the strength figures beside the thermal one (issue #31). */
      const shortCircuitOf = async (output: CommandOutput, network: Network) =>
        !scOptions
          ? output
          : withShortCircuit(output, network, {
              scrMin: options.scrMin,
              technology: options.technology,
              ...(options.xd === undefined ? {} : { xdPu: options.xd }),
              ...(options.breakerRatings === undefined
                ? {}
                : {
                    breakerRatings: {
                      file: options.breakerRatings,
                      text: await readText(options.breakerRatings),
                    },
                  }),
            });
      /** `--ac`: each figure verified with AC power flows (issue #31). */
      const acOf = (
        output: CommandOutput,
        network: Network,
        set?: CapacityAcOptions['set'],
      ): CommandOutput => {
        if (options.ac !== true) return output;
        return withAcVerification(output, network, {
          postRating: options.postRating,
          preExisting: options.preExisting,
          slack: options.slack,
          ...(options.cap === undefined ? {} : { capMw: options.cap }),
          ...(set === undefined ? {} : { set }),
        });
      };
      /** The file's set, with the .sub it names and the .mon of what to watch. */
      const readSet = (network: Network, generatorIds: readonly string[] | undefined) =>
        readSetFiles({ ...options, contingencies: options.contingencies! }, network, generatorIds);
      /** The capacity's settings on a set, one bus or all. */
      const onSetOptions = (monitored: MonitoredDefinition | undefined) => ({
        ...(monitored === undefined ? {} : { monitored }),
        capMw: options.cap,
        postRating: options.postRating,
        preExisting: options.preExisting,
        slack: options.slack,
        pickup: options.pickup,
      });
      if (options.all === true && options.contingencies !== undefined) {
        if (options.ac === true) {
          return withProgress(options.quiet, () => {
            throw new EngineError(
              'CLI_USAGE',
              '--ac with --all on a contingency file is not available: verify buses with --bus',
            );
          });
        }
        return withProgress(options.quiet, async (progress) => {
          progress.stage(`reading ${file}…`);
          const { network, generatorIds } = await loadCaseFile(file);
          const { set, monitored } = await readSet(network, generatorIds);
          const output = allCapacitiesOnSet(network, set, {
            ...onSetOptions(monitored),
            onProgress: (fraction) =>
              progress.stage(
                `capacity of all ${network.buses.count} buses on ${set.contingencies.length} contingencies: ${Math.floor(100 * fraction)} %`,
              ),
          });
          print(output, options.format);
        });
      }
      if (options.all === true) {
        return withProgress(options.quiet, async (progress) => {
          progress.stage(`reading ${file}…`);
          const { network } = await loadCaseFile(file);
          const output = allCapacities(network, {
            capMw: options.cap,
            postRating: options.postRating,
            preExisting: options.preExisting,
            slack: options.slack,
            onProgress: (fraction) =>
              progress.stage(
                `capacity of all ${network.buses.count} buses: ${Math.floor(100 * fraction)} %`,
              ),
          });
          if (options.ac !== true) {
            print(output, options.format);
            return;
          }
          print(
            withAllAcVerification(output, network, {
              postRating: options.postRating,
              preExisting: options.preExisting,
              slack: options.slack,
              ...(options.cap === undefined ? {} : { capMw: options.cap }),
              onBus: (done, total) => progress.stage(`AC verification: ${done} of ${total} buses`),
            }),
            options.format,
          );
        });
      }
      const buses = options.bus;
      if (buses === undefined) {
        return cmd.error("error: required option '--bus <numbers>' or '--all' not specified");
      }
      return withProgress(options.quiet, async (progress) => {
        progress.stage(`reading ${file}…`);
        const { network, generatorIds } = await loadCaseFile(file);
        if (options.contingencies !== undefined) {
          const { set, monitored } = await readSet(network, generatorIds);
          progress.stage(
            `capacity of ${buses.length} busbars on ${set.contingencies.length} contingencies…`,
          );
          const onSet = capacityOnSet(network, buses, set, onSetOptions(monitored));
          const verified = acOf(onSet, network, {
            set,
            pickup: options.pickup,
            ...(monitored === undefined ? {} : { monitored: monitored.branches }),
          });
          print(await shortCircuitOf(verified, network), options.format);
          return;
        }
        progress.stage(`capacity of ${buses.length} busbar${buses.length === 1 ? '' : 's'}…`);
        const output = capacity(network, {
          buses,
          capMw: options.cap,
          postRating: options.postRating,
          preExisting: options.preExisting,
          slack: options.slack,
        });
        print(await shortCircuitOf(acOf(output, network), network), options.format);
      });
    });

  command(
    'flex',
    'flexibility analysis: the study group, FCITC and levels both ways (attributable, strict)',
  )
    .argument('<file>', FILE_ARGUMENT)
    .addOption(
      new Option('--levels <n>', 'transfer levels between 0 and Tmax')
        .argParser(parsePositiveInteger)
        .default(5),
    )
    .addOption(groupOption())
    .addOption(
      new Option('--group-gens <rows>', 'the same as --group gens:<rows>')
        .argParser(parseIntegerList)
        .conflicts('group')
        .hideHelp(),
    )
    .addOption(postRatingOption())
    .addOption(slackOption('distributed'))
    .addOption(
      new Option(
        '--contingencies <file>',
        'the contingencies of this file (MATPOWER contab or PSS/E .con) instead of every ' +
          "branch one at a time (a lost unit's output made up by the others' room up)",
      ),
    )
    .addOption(
      new Option('--subsystems <file>', 'the PSS/E subsystem file (.sub) the .con and .mon name'),
    )
    .addOption(
      new Option('--monitored <file>', 'a PSS/E monitored element file (.mon): its branches'),
    )
    .addOption(formatOption(true))
    .addOption(quietOption())
    .action((file, options, cmd) => {
      const usage = setFilesWithoutContingencies(options);
      if (usage !== null) return cmd.error(`error: ${usage.message}`);
      return withProgress(options.quiet, async (progress) => {
        progress.stage(`reading ${file}…`);
        const { network, generatorIds } = await loadCaseFile(file);
        let contingencySet;
        if (options.contingencies !== undefined) {
          const { set, subsystems, monitored } = await readSetFiles(
            { ...options, contingencies: options.contingencies },
            network,
            generatorIds,
            progress,
          );
          contingencySet = {
            file: options.contingencies,
            contingencies: set.contingencies,
            unresolved:
              set.unresolved.length +
              (subsystems?.unresolved.length ?? 0) +
              (monitored?.unresolved.length ?? 0),
            ...(monitored === undefined ? {} : { monitored }),
          };
        }
        progress.stage(
          contingencySet === undefined
            ? 'flexibility analysis (FCITC over N-0 and N-1, both ways)…'
            : `flexibility analysis (FCITC over N-0 and ${contingencySet.contingencies.length} contingencies, both ways)…`,
        );
        const rows = options.groupGens;
        const output = flex(network, {
          postRating: options.postRating,
          slack: options.slack,
          levels: options.levels,
          group:
            rows === undefined ? (options.group ?? { kind: 'default' }) : { kind: 'gens', rows },
          ...(contingencySet === undefined ? {} : { contingencySet }),
        });
        print(output, options.format);
      });
    });

  command('window', 'a connection window: the joint N-1 allocation of many requests under one rule')
    .argument('<file>', FILE_ARGUMENT)
    .argument(
      '<window>',
      'WINDOW.json: {"requests":[{"id","bus","mw","minMw"?,"priority"?,"name"?,"technology"?,"company"?}]}',
    )
    .addOption(
      new Option(
        '--rule <rule>',
        'order (priority order, each the most beside those before it), max (the most MW in ' +
          'total, ties by priority) or fair (the largest equal share of every request, then the rest)',
      )
        .choices(['order', 'max', 'fair'] as const)
        .makeOptionMandatory(),
    )
    .addOption(postRatingOption())
    .addOption(
      preExistingOption(
        'violations the case already has: ignore (left aside) or limit (never made worse)',
        'ignore',
      ),
    )
    .addOption(slackOption('distributed'))
    .addOption(
      new Option(
        '--study <study-file>',
        'a window over this study (the web app format): one award firm in each of its ' +
          'scenario × year cases, built from <file>; a request with "year" counts from that year',
      ),
    )
    .addOption(
      new Option(
        '--contingencies <file>',
        'the contingencies of this file (MATPOWER contab or PSS/E .con; with --study read again ' +
          'against every scenario × year case) instead of every branch one at a time',
      ),
    )
    .addOption(
      new Option('--subsystems <file>', 'the PSS/E subsystem file (.sub) the .con and .mon name'),
    )
    .addOption(
      new Option(
        '--monitored <file>',
        'a PSS/E monitored element file (.mon): only its branches watched (windows do not ' +
          'watch its interfaces yet: the output says how many)',
      ),
    )
    .addOption(
      new Option('--pickup <rule>', "who makes up a lost unit's output (see n1)")
        .choices(PICKUPS)
        .default('headroom' as const),
    )
    .addOption(formatOption(true))
    .addOption(quietOption())
    .action((file, windowFile, options) =>
      withProgress(options.quiet, async (progress) => {
        const usage = setFilesWithoutContingencies(options);
        if (usage !== null) throw usage;
        progress.stage(`reading ${file}…`);
        const { network, generatorIds } = await loadCaseFile(file);
        const requests = readWindowFile(windowFile);
        const situations =
          options.study === undefined
            ? [{ network }]
            : studySituations(network, toStudySpec(readStudyFile(options.study, false)));
        let onSet: WindowCommandOptions['onSet'];
        if (options.contingencies !== undefined) {
          // Each case resolves the file against its own network (a study's projects add rows).
          const files = { ...options, contingencies: options.contingencies };
          const read: Awaited<ReturnType<typeof readSetFiles>>[] = [];
          for (const s of situations)
            read.push(await readSetFiles(files, s.network, generatorIds, progress));
          const first = read[0]!;
          onSet = {
            file: options.contingencies,
            contingenciesOf: (s) => read[s]!.set.contingencies,
            counts: first.set.counts,
            unresolved: first.set.unresolved.length,
            ...(first.monitored === undefined ? {} : { monitored: first.monitored.branches }),
            interfacesNotWatched:
              first.monitored?.interfaces.filter((i) => i.limitMw !== null).length ?? 0,
            pickup: options.pickup,
          };
        }
        progress.stage(`window of ${requests.length} requests, rule ${options.rule}…`);
        const output = await window(options.study === undefined ? network : situations, requests, {
          rule: options.rule,
          preExisting: options.preExisting,
          postRating: options.postRating,
          slack: options.slack,
          ...(onSet === undefined ? {} : { onSet }),
        });
        print(output, options.format);
      }),
    );

  command(
    'shortcircuit',
    'three-phase short-circuit power of every bus: the maximum and the N-1 minimum (IEC 60909 style)',
  )
    .argument('<file>', FILE_ARGUMENT)
    .addOption(
      new Option(
        '--xd <pu>',
        "subtransient reactance, p.u. on each unit's MBASE, for units without machine data " +
          '(every unit of a MATPOWER case; a RAW file gives ZSORCE, unless it is the placeholder ZX = 1.0)',
      ).argParser(parseNumber),
    )
    .addOption(formatOption(true))
    .addOption(quietOption())
    .action((file, options) =>
      withProgress(options.quiet, async (progress) => {
        progress.stage(`reading ${file}…`);
        const { network } = await loadCaseFile(file);
        progress.stage('short-circuit power of every bus…');
        print(shortcircuit(network, options.xd), options.format);
      }),
    );

  command(
    'hours',
    "busbar capacity in every hour of a year of profiles: firm MW, MW at 1/3/5 % curtailed, a plant's lost MWh",
  )
    .argument('<file>', FILE_ARGUMENT)
    .argument(
      '<profiles>',
      'hourly profiles: a MATPOWER change table (scenarios_ACTIVSg2000.m) or a CSV, one row per hour',
    )
    .addOption(
      new Option('--bus <numbers>', 'busbars by bus number, comma-separated or repeated').argParser(
        parseIntegerList,
      ),
    )
    .addOption(
      new Option(
        '--all',
        "every bus of the case, a summary per bus (the buses shared among the machine's cores)",
      ).conflicts('bus'),
    )
    .addOption(
      new Option('--plant-mw <mw>', "a plant's size: its curtailed MWh and % per year").argParser(
        parsePositiveNumber,
      ),
    )
    .addOption(
      new Option(
        '--plant-profile <file>',
        "the plant's output, one value per hour (per MW installed; MW of a reference plant are scaled by their largest)",
      ).conflicts('technology'),
    )
    .addOption(
      new Option(
        '--technology <name>',
        "flat (the default: output 1 every hour) or a fuel of the case (solar, wind…): the average of the profiles' units of it, in the bus's area when it has some",
      ),
    )
    .addOption(
      new Option('--cap <mw>', 'study cap: the most a connection can get, MW')
        .argParser(parsePositiveNumber)
        .default(2000),
    )
    .addOption(postRatingOption())
    .addOption(
      preExistingOption(
        "violations an hour already has: ignore (the default: reported by the hour's own analysis) or limit (they give 0)",
        'ignore',
      ),
    )
    .addOption(slackOption('distributed'))
    .addOption(formatOption(true))
    .addOption(quietOption())
    .action((file, profilesFile, options, cmd) => {
      const buses = options.bus;
      if (buses === undefined && options.all !== true) {
        return cmd.error("error: required option '--bus <numbers>' or '--all' not specified");
      }
      return withProgress(options.quiet, async (progress) => {
        progress.stage(`reading ${file}…`);
        const { network } = await loadCaseFile(file);
        progress.stage(`reading ${profilesFile}…`);
        const profiles = readProfiles(await readText(profilesFile), network);
        let plant: PlantProfileSpec = { kind: 'flat' };
        if (options.plantProfile !== undefined) {
          plant = {
            kind: 'values',
            values: readPlantProfileValues(await readText(options.plantProfile)),
            label: `file ${options.plantProfile}`,
          };
        } else if (options.technology !== undefined && options.technology !== 'flat') {
          plant = { kind: 'technology', fuel: options.technology };
        }
        const what =
          buses === undefined
            ? 'every bus'
            : `${buses.length} bus${buses.length === 1 ? '' : 'es'}`;
        print(
          await hours(network, profiles, {
            ...(buses === undefined ? {} : { buses }),
            all: options.all === true,
            capMw: options.cap,
            postRating: options.postRating,
            preExisting: options.preExisting,
            slack: options.slack,
            plant,
            ...(options.plantMw === undefined ? {} : { plantMw: options.plantMw }),
            onProgress: (fraction) =>
              progress.stage(
                `capacity of ${what} in ${profiles.hours} hours: ${Math.floor(100 * fraction)} %`,
              ),
          }),
          options.format,
        );
      });
    });

  command('study', 'a study file: busbar capacities in every scenario × year case')
    .argument(
      '<study-file>',
      'study JSON (the web app format), with baseCase: a case file relative to it',
    )
    .option('--project-effects', 'also the effect of each project on each busbar (JSON only)')
    .addOption(
      new Option(
        '--contingencies <file>',
        'the contingencies of this file (MATPOWER contab or PSS/E .con), read again against ' +
          "every scenario × year case, instead of every branch one at a time (a lost unit's " +
          "output made up by the others' room up)",
      ),
    )
    .addOption(
      new Option('--subsystems <file>', 'the PSS/E subsystem file (.sub) the .con and .mon name'),
    )
    .addOption(
      new Option(
        '--monitored <file>',
        'a PSS/E monitored element file (.mon): only its branches and rated interfaces watched',
      ),
    )
    .option(
      '--all-buses',
      'also the capacity of every bus of each scenario × year case, both figures (JSON only)',
    )
    .addOption(
      new Option(
        '--slack <rule>',
        "overrides the study file's options.slack (default there: distributed): single " +
          'reproduces MATPOWER rundcpf and figures computed before the base dispatch',
      ).choices(['distributed', 'single'] as const),
    )
    .addOption(formatOption(true))
    .addOption(quietOption())
    .action((file, options, cmd) => {
      if (options.projectEffects && options.format !== 'json') {
        return cmd.error('error: --project-effects is printed with --format json only');
      }
      if (options.allBuses && options.format !== 'json') {
        return cmd.error('error: --all-buses is printed with --format json only');
      }
      const usage = setFilesWithoutContingencies(options);
      if (usage !== null) return cmd.error(`error: ${usage.message}`);
      return withProgress(options.quiet, async (progress) => {
        const output = await study(
          file,
          {
            projectEffects: options.projectEffects === true,
            allBuses: options.allBuses === true,
            ...(options.slack === undefined ? {} : { slack: options.slack }),
            ...(options.contingencies === undefined
              ? {}
              : {
                  contingencies: {
                    file: options.contingencies,
                    ...(options.subsystems === undefined ? {} : { subsystems: options.subsystems }),
                    ...(options.monitored === undefined ? {} : { monitored: options.monitored }),
                  },
                }),
          },
          progress,
        );
        print(output, options.format);
      });
    });

  return program;
}
