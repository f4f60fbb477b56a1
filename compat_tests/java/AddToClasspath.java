// A java agent that adds the jar named by its argument to the application class path, so a plugin can be put
// beside the Kafka distribution's jars without changing the command line's -cp.
import java.lang.instrument.Instrumentation;
import java.util.jar.JarFile;
public class AddToClasspath {
  public static void premain(String args, Instrumentation inst) throws Exception {
    inst.appendToSystemClassLoaderSearch(new JarFile(args));
  }
}
